//go:build !linux

package kernel

// RelayDoing joins the foreground group's part of View.Doing to a relay's
// (Linux only: relay_linux.go). Elsewhere no relay is looked for.
const RelayDoing = "; relay "
