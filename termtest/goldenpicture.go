package termtest

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/picture"
	"github.com/ttyrig/ttyrig/screen"
)

// keepGoldenPicture draws a golden mismatch, the golden screen beside the
// one got, rows that differ marked, as <failure name>.golden.svg (see
// failureName), and returns its path.
func keepGoldenPicture(tb testing.TB, goldenPath, want string, got screen.Snapshot) (string, error) {
	ws, err := goldenScreen(want)
	if err != nil {
		return "", fmt.Errorf("%s: %w", goldenPath, err)
	}
	path := failureName(tb) + ".golden.svg"
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return "", err
	}
	svg := picture.SideBySide(ws, got, "want: "+goldenPath, "got")
	return path, os.WriteFile(path, svg, 0o644)
}

// goldenScreen rebuilds the screen a golden file holds (Snapshot.String's
// text: size, cursor, numbered rows) so it can be drawn. The file has no
// colours, so neither has the screen.
func goldenScreen(text string) (screen.Snapshot, error) {
	header, body, _ := strings.Cut(text, "\n")
	var cols, rows, crow, ccol int
	var vis string
	if _, err := fmt.Sscanf(header, "screen %dx%d, cursor %d,%d (%s", &cols, &rows, &crow, &ccol, &vis); err != nil {
		return screen.Snapshot{}, fmt.Errorf("golden header %q is not \"screen COLSxROWS, cursor ROW,COL (...)\": %w", header, err)
	}
	if cols <= 0 || rows <= 0 || cols > 1000 || rows > 1000 {
		return screen.Snapshot{}, fmt.Errorf("golden header %q: size out of range", header)
	}
	var b strings.Builder
	for _, line := range strings.Split(body, "\n") {
		num, rest, ok := strings.Cut(line, "│")
		n, err := strconv.Atoi(strings.TrimSpace(num))
		if !ok || err != nil || n < 1 || n > rows {
			continue // the caret line, "(empty)", the end
		}
		fmt.Fprintf(&b, "\x1b[%d;1H%s", n, rest)
	}
	fmt.Fprintf(&b, "\x1b[%d;%dH", crow, ccol)
	if strings.HasPrefix(vis, "hidden") {
		b.WriteString("\x1b[?25l")
	}
	s := screen.New(cols, rows)
	defer s.Close()
	s.WriteAt(time.Unix(0, 0), []byte(b.String()))
	return s.Snapshot(), nil
}
