// Command signup is a huh form for the examples: a name, a language and a
// confirmation in one group.
package main

import (
	"os"

	"github.com/ttyrig/ttyrig/examples/signup"
)

func main() { os.Exit(signup.Main()) }
