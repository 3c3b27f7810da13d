package main

import (
	"os"
	"runtime/debug"
)

// Collector settings for a command that reads a recording, decides and
// exits (or records one terminal): its heap is small and short-lived, and
// at Go's default (GOGC=100 over a 4 MB minimum) the collector runs every
// few megabytes the emulator allocates, a quarter of a replay's time. A
// soft memory limit keeps a huge recording's replay from growing the heap
// five times over. GOGC and GOMEMLIMIT, when set, are the user's choice.
const (
	gcPercent   = 400
	memoryLimit = 1 << 30
)

func tuneCollector() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryLimit)
	}
}
