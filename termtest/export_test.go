package termtest

// WithCloseGrace lets the tests of Close set the grace period.
var WithCloseGrace = withCloseGrace
