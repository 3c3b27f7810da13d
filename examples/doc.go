// Package examples shows how to test terminal programs with ttyrig: a
// shell, a REPL, an editor, a pager, a bubbletea program and a Node prompt,
// with golden screens and gotest.tools assertions. Copy a test and change
// the program.
//
// Run them with `make examples` from the repository (it installs vim, less
// and the npm packages the tests need) or `go test ./...` here.
package examples
