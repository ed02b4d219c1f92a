package main

import (
	"os"
	"path/filepath"
)

// dataPath names a file or folder in Tengen's data folder: $TENGEN_DATA,
// or ./var when it is unset (the operator token, journals, records).
func dataPath(elem ...string) string {
	dir := os.Getenv("TENGEN_DATA")
	if dir == "" {
		dir = "var"
	}
	return filepath.Join(append([]string{dir}, elem...)...)
}
