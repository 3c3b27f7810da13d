package gotools_test

import (
	"testing"

	"github.com/ttyrig/ttyrig/fixtures"
)

func TestMain(m *testing.M) { fixtures.Main(m) }
