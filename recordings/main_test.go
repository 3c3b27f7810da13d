package recordings_test

import (
	"testing"

	"github.com/ttyrig/ttyrig/fixtures"
)

// TestMain removes the fixture programs the tests built.
func TestMain(m *testing.M) { fixtures.Main(m) }
