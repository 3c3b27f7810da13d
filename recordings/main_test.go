package recordings_test

import (
	"os"
	"testing"

	"github.com/ttyrig/ttyrig/fixtures"
)

// TestMain removes the fixture programs the tests built.
func TestMain(m *testing.M) {
	code := m.Run()
	fixtures.Cleanup()
	os.Exit(code)
}
