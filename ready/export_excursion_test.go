package ready

// WithoutExcursions makes every cursor move a change, as before the
// excursion part (perceive_excursion.go): the tests that show the part on
// every recording run both.
func WithoutExcursions() Option { return func(e *Engine) { e.f.excursion.off = true } }
