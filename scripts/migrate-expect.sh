#!/usr/bin/env bash
# Rewrites callers of the old assertion API (ExpectScreen().ToX, expect.Screen(src).ToX(..).Wait,
# ToMatchGolden, Term.Screen) to conditions as values: term.Expect(expect.X(..)), expect.Wait(ctx, src, c),
# termtest.Golden(t, name). Usage: scripts/migrate-expect.sh FILE.go...; then check `go vet`.
set -euo pipefail
rules="$(dirname "$0")/migrate-expect.rules"
for f in "$@"; do
	while IFS= read -r r; do [ -n "$r" ] && gofmt -r "$r" -w "$f"; done < "$rules"
	if grep -q 'expect\.' "$f" && ! grep -q '"github.com/ttyrig/ttyrig/expect"' "$f"; then
		sed -i '0,/"github.com\/ttyrig\/ttyrig\//s//"github.com\/ttyrig\/ttyrig\/expect"\n\t&/' "$f"
		gofmt -w "$f"
	fi
done
# Not automated (too general for gofmt -r): Term.Wait() and Terminal.Wait(ctx) are now WaitExit;
# Term.Screen() and Terminal.Screen() are Snapshot(); Snapshot.Line and expect.Line count from 1 (Line(0) -> Line(1)).
