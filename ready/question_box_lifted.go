package ready

// liftedButton returns which of a row of buttons has the focus by its
// background: lifted holds, per button, its background when it is set
// apart from the cell before it ("" when not), bgs every button's
// background. One button set apart is the focused one (dialog, whiptail,
// mc). When every button is set apart, the focused one is the one whose
// background no other button shares; with two buttons, each differs from
// the other and the backgrounds cannot tell (untold: the cursor parked in
// one may): ELinks draws its buttons on a background of their own and the
// focused one on another, its cursor in it ("[ Yes ]   [ No ]", issue 20,
// round 10). -1 when no single button stands out.
func liftedButton(lifted, bgs []string) (k int, untold bool) {
	n, at := 0, -1
	for k, bg := range lifted {
		if bg != "" {
			n, at = n+1, k
		}
	}
	switch {
	case n == 1:
		return at, false
	case n != len(bgs) || n < 2:
		return -1, false
	case n == 2:
		return -1, true
	}
	at = -1
	for k, bg := range bgs {
		shared := false
		for j, other := range bgs {
			if j != k && other == bg {
				shared = true
			}
		}
		if !shared {
			if at >= 0 {
				return -1, true // more than one stands out
			}
			at = k
		}
	}
	return at, at < 0
}
