#!/usr/bin/env bash
# Print the packages `make test-cross` builds for the Pi with cgo off:
# every package of the module except libraries that need OpenCV (gocv.io/x/gocv
# among their dependencies, their tests' included). Commands (cmd/...) are
# always listed: they must build without cgo, with the vision commands in
# cgo-only files.
set -euo pipefail
GO=${GO:-go}
CGO_ENABLED=0 GOOS=linux GOARCH=${GOARCH:-arm64} "$GO" list -test -f '{{.ImportPath}}|{{join .Deps " "}}' ./... |
	awk -F'|' '
	{
		p = $1
		sub(/ \[.*\]$/, "", p); sub(/\.test$/, "", p); sub(/_test$/, "", p)
		all[p] = 1
		if ($2 ~ /(^| )gocv\.io\/x\/gocv( |$)/ && p !~ /\/cmd\//) cgo[p] = 1
	}
	END { for (p in all) if (!(p in cgo)) print p }' | sort
