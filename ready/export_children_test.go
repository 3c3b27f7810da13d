package ready

// WithoutChildren makes the children signal say nothing, as before it
// (signal_children.go): the tests that show it on every recording run
// both.
func WithoutChildren() Option {
	return func(e *Engine) {
		for _, s := range e.signals {
			if c, ok := s.(*childrenSignal); ok {
				c.off = true
			}
		}
	}
}
