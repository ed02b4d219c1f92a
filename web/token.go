package web

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// LoadOrCreateToken returns the operator token stored at path, creating
// it (32 random bytes, hex, file mode 0600) on first start. A token file
// that others may read is refused: the token would not be a secret.
func LoadOrCreateToken(path string) (string, error) {
	data, err := os.ReadFile(path)
	if err == nil {
		st, err := os.Stat(path)
		if err != nil {
			return "", err
		}
		if st.Mode().Perm()&0o077 != 0 {
			return "", fmt.Errorf("operator token %s has mode %v: others may read it; run chmod 600 %s", path, st.Mode().Perm(), path)
		}
		tok := strings.TrimSpace(string(data))
		if len(tok) < 32 {
			return "", fmt.Errorf("operator token %s is too short (%d characters, want at least 32); delete it to make a new one", path, len(tok))
		}
		return tok, nil
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Errorf("reading operator token: %w", err)
	}
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	tok := hex.EncodeToString(b[:])
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return "", fmt.Errorf("creating operator token: %w", err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return "", fmt.Errorf("creating operator token: %w", err)
	}
	if _, err := f.WriteString(tok + "\n"); err != nil {
		f.Close()
		return "", fmt.Errorf("writing operator token: %w", err)
	}
	return tok, f.Close()
}

// tokenOK compares the presented token with the operator's in constant time.
func tokenOK(presented, want string) bool {
	return want != "" && subtle.ConstantTimeCompare([]byte(presented), []byte(want)) == 1
}
