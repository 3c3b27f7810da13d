package ready

import "testing"

func TestLiftedButton(t *testing.T) {
	for _, tc := range []struct {
		name        string
		lifted, bgs []string
		want        int
		untold      bool
	}{
		{"one set apart", []string{"", "4", ""}, []string{"7", "4", "7"}, 1, false},
		{"none set apart", []string{"", ""}, []string{"7", "7"}, -1, false},
		{"two of three set apart", []string{"4", "4", ""}, []string{"4", "4", "7"}, -1, false},
		{"two, both set apart", []string{"28", "21"}, []string{"28", "21"}, -1, true},
		{"three, one stands out", []string{"21", "28", "21"}, []string{"21", "28", "21"}, 1, false},
		{"three, all differ", []string{"1", "2", "3"}, []string{"1", "2", "3"}, -1, true},
		{"three, all alike", []string{"2", "2", "2"}, []string{"2", "2", "2"}, -1, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, untold := liftedButton(tc.lifted, tc.bgs)
			if got != tc.want || untold != tc.untold {
				t.Errorf("liftedButton = %d, %v; want %d, %v", got, untold, tc.want, tc.untold)
			}
		})
	}
}
