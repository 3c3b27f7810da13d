package ready

import "testing"

// A lit segment that grows, travels and shrinks along a bar (opencode's
// footer while it works) is a busy animation frame; a bar filled from its
// start (progress, a meter) moving up or down is not one by this rule.
func TestTravellingBar(t *testing.T) {
	const hint = "  esc interrupt"
	for _, c := range []struct {
		old, cur string
		want     bool
	}{
		{"■■■■■■⬝⬝" + hint, "⬝⬝⬝■■■■■" + hint, true},
		{"⬝⬝⬝■■■■■" + hint, "⬝⬝⬝⬝⬝⬝■■" + hint, true},
		{"⬝⬝⬝⬝⬝⬝■■" + hint, "⬝⬝⬝⬝⬝⬝⬝⬝" + hint, true},
		{"■■⬝⬝⬝⬝⬝⬝ 20%", "■■■⬝⬝⬝⬝⬝ 30%", false},
		{"CPU ■■■■⬝⬝⬝⬝", "CPU ■■⬝⬝⬝⬝⬝⬝", false},
		{"⬝⬝⬝⬝⬝⬝⬝⬝" + hint, "/work⬝⬝⬝" + hint, false},
	} {
		if got := travelling(c.old, c.cur); got != c.want {
			t.Errorf("travelling(%q, %q) = %v, want %v", c.old, c.cur, got, c.want)
		}
	}
	if k := classifyFrame("■■■■■■⬝⬝"+hint, "⬝⬝⬝■■■■■"+hint); k != "spinner" {
		t.Errorf("a travelling segment classified %q, want spinner", k)
	}
}
