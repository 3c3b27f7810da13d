package ready

import (
	"reflect"
	"time"
)

// TuningNames returns the names of the engine's tuned durations
// (params.go), for the sweep.
func TuningNames() []string {
	t := reflect.TypeOf(tune)
	names := make([]string, t.NumField())
	for i := range names {
		names[i] = t.Field(i).Name
	}
	return names
}

// SetTuning sets one tuned duration and returns its value before. Only a
// test with no engine running may call it (the sweep, not parallel).
func SetTuning(name string, d time.Duration) time.Duration {
	f := reflect.ValueOf(&tune).Elem().FieldByName(name)
	old := time.Duration(f.Int())
	f.SetInt(int64(d))
	return old
}

// WithoutKeptVotes makes an engine ask every signal at every evaluation,
// as before steady signals' abstentions were kept (kept.go): the test that
// proves keeping them changes no decision runs both.
func WithoutKeptVotes() Option { return func(e *Engine) { e.kept = nil } }

// WithoutRowAnswers makes an engine's views keep no answers per row
// (rowanswers.go): every pattern asked of a row goes to the memo, as before
// they were kept. The test that proves keeping them changes no decision
// runs both.
func WithoutRowAnswers() Option { return func(e *Engine) { e.f.noRowAnswers = true } }

// WithoutQuestionMemo makes an engine search every view for its question
// (question_recent.go), as before the last searches were kept. The test
// that proves keeping them changes no decision runs both.
func WithoutQuestionMemo() Option { return func(e *Engine) { e.f.memo.recent.off = true } }

// WithoutPermitCheck makes the question signal search every frame beside a
// spinner for a permission question (view.mayAskPermission), as before it
// looked for a row that could name one first. The test that proves the
// check changes no decision runs both.
func WithoutPermitCheck() Option { return func(e *Engine) { e.f.noPermitCheck = true } }

// WithoutStyleGates makes an engine's question shapes read the cells of
// every row they search, as before rows were told plain by their styles
// first (rowstyles.go). The test that proves the gates change no decision
// runs both.
func WithoutStyleGates() Option { return func(e *Engine) { e.f.memo.noStyleGates = true } }

// RepositoryCasts lists the recordings in the repository
// (inputbox_rules_internal_test.go), for the external tests.
var RepositoryCasts = repositoryCasts
