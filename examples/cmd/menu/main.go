// Command menu is a small bubbletea program for the examples: pick a
// fruit with the arrow keys (or the mouse wheel) and Enter.
package main

import (
	"os"

	"github.com/ttyrig/ttyrig/examples/menu"
)

func main() { os.Exit(menu.Main()) }
