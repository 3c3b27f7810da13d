package picture_test

import (
	"fmt"
	"strings"
	"time"

	"github.com/ttyrig/ttyrig/picture"
	"github.com/ttyrig/ttyrig/screen"
)

// A screen drawn as an SVG image, as a failed test keeps it.
func ExampleSVG() {
	s := screen.New(20, 3)
	defer s.Close()
	s.WriteAt(time.Now(), []byte("\x1b[1;32mok\x1b[m done\r\n$ "))
	svg := string(picture.SVG(s.Snapshot(), picture.WithCaption("after the build")))
	fmt.Println(strings.Contains(svg, `fill="#0dbc79" font-weight="bold">ok</text>`))
	fmt.Println(strings.Contains(svg, `class="cursor"`))
	// Output:
	// true
	// true
}
