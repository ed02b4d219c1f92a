package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"
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

// newRunPath picks a new name in the data folder's kind folder, named by
// the time: a folder it creates when ext is "", else a file name ending in
// ext that does not exist yet (the caller creates it exclusively). Two runs
// started in the same second get "-2", "-3" … rather than one refusing to
// start because the other's files already exist.
func newRunPath(kind, ext string) (string, error) {
	parent := dataPath(kind)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return "", err
	}
	stamp := time.Now().Format("20060102-150405")
	for n := 1; n < 1000; n++ {
		name := stamp
		if n > 1 {
			name = fmt.Sprintf("%s-%d", stamp, n)
		}
		p := filepath.Join(parent, name+ext)
		var err error
		if ext == "" {
			err = os.Mkdir(p, 0o755)
		} else {
			if _, err = os.Lstat(p); err == nil {
				continue
			}
			if errors.Is(err, fs.ErrNotExist) {
				err = nil
			}
		}
		if !errors.Is(err, fs.ErrExist) {
			return p, err
		}
	}
	return "", fmt.Errorf("%s: no free name for %s (the folder is full of runs started this second)", parent, stamp)
}
