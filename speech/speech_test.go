package speech

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

func newTestSpeaker(t *testing.T, voice string) (*Speaker, string) {
	t.Helper()
	dir := t.TempDir()
	s, err := New(voice, func(n int) string { return filepath.Join(dir, fmt.Sprintf("%d.wav", n)) })
	if errors.Is(err, ErrNoEspeak) && os.Getenv("CI") == "" {
		t.Skip(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, dir
}

func TestSpeakToWAV(t *testing.T) {
	for _, voice := range []string{"en", "cmn"} {
		t.Run(voice, func(t *testing.T) {
			s, dir := newTestSpeaker(t, voice)
			text := map[string]string{"en": "I play h8.", "cmn": "我下天元。"}[voice]
			s.Say(text)
			if err := s.Flush(); err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(filepath.Join(dir, "1.wav"))
			if err != nil {
				t.Fatal(err)
			}
			// A RIFF/WAVE header and more than a tenth of a second of 22 kHz 16-bit audio.
			if !bytes.HasPrefix(b, []byte("RIFF")) || !bytes.Equal(b[8:12], []byte("WAVE")) || len(b) < 44+4400 {
				t.Errorf("%s: not a WAV with speech: %d bytes", voice, len(b))
			}
		})
	}
}

func TestUnknownVoice(t *testing.T) {
	if _, err := New("no-such-voice-xx", nil); err == nil {
		t.Error("an unknown voice was accepted")
	}
}

func TestTextIsNotAShellCommand(t *testing.T) {
	s, dir := newTestSpeaker(t, "en")
	marker := filepath.Join(dir, "pwned")
	s.Say("$(touch " + marker + "); `touch " + marker + "`")
	s.Say("-w " + marker) // would be a flag if not after "--"
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(marker); err == nil {
		t.Error("text ran as a command")
	}
}
