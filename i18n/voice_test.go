package i18n

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tengen/game"
	"tengen/speech"
)

func TestTerminalVoice(t *testing.T) {
	var b bytes.Buffer
	v := &TerminalVoice{P: &Printer{Lang: Traditional}, W: &b}
	v.Say(game.Message{Key: "robot-move", Args: []string{"h8"}, Text: "I play h8."})
	v.Say(game.Message{Key: "takeback", Args: []string{""}, Text: "Move taken back."})
	if got, want := b.String(), "我下H8。\n已悔棋。\n"; got != want {
		t.Errorf("terminal printed %q, want %q", got, want)
	}
}

func TestPageLog(t *testing.T) {
	changed := 0
	l := &PageLog{Max: 2, Now: func() time.Time { return time.Date(2026, 1, 1, 9, 30, 0, 0, time.UTC) }, Changed: func() { changed++ }}
	Voices{l, nil}.Say(game.Message{Key: "welcome", Text: "Place a black stone anywhere to start a game."})
	l.Say(game.Message{Key: "board-differs", Args: []string{"[black h8] []"}, Text: "differs"})
	l.Say(game.Message{Key: "robot-move", Args: []string{"i9"}, Text: "I play i9."})
	got := l.Messages()
	if len(got) != 2 || changed != 3 {
		t.Fatalf("kept %d messages, changed %d times: %+v", len(got), changed, got)
	}
	if got[0].Key != "board-differs" || len(got[0].Args) != 2 || got[0].Args[0] != "h8" || got[0].Time != "09:30:00" {
		t.Errorf("first kept message %+v", got[0])
	}
}

// skipWithoutEspeak skips when espeak-ng is missing, except on CI where
// it must be installed.
func skipWithoutEspeak(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("espeak-ng"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal(speech.ErrNoEspeak)
		}
		t.Skip(speech.ErrNoEspeak)
	}
}

// TestMandarinVoiceReadsEveryText asks espeak-ng for the phonemes of every
// Chinese text: with the voice SpeakingVoice picks, none may fall back to
// English (espeak-ng marks a switch with "(en)").
func TestMandarinVoiceReadsEveryText(t *testing.T) {
	skipWithoutEspeak(t)
	for _, l := range []Lang{Simplified, Traditional} {
		p := &Printer{Lang: l, Spoken: true}
		var lines []string
		for _, key := range Keys() {
			if strings.HasPrefix(key, "opening.") || strings.HasPrefix(key, "ui.") || strings.HasPrefix(key, "rec.") || strings.HasPrefix(key, "cli.") || strings.HasPrefix(key, "err.") || strings.HasPrefix(key, "sim.") || strings.HasPrefix(key, "cal.") || strings.HasPrefix(key, "doc.") {
				continue // shown (the page, the terminal; errors, the simulator's log and the calibration steps name commands and files), not spoken
			}
			args, _ := Args(key)
			vals := make([]string, len(args))
			for i, a := range args {
				vals[i] = map[Arg]string{ArgPoint: "h8", ArgPoints: "h8 i9", ArgColour: "black", ArgCount: "3",
					ArgReason: "forbidden:double-three", ArgKind: "overline", ArgRule: "renju", ArgOpening: "4",
					ArgParity: "odd", ArgPlayer: "first", ArgText: "阿明"}[a]
			}
			lines = append(lines, p.T(key, vals...))
		}
		voice := EspeakVoices(l)[0]
		out, err := exec.Command("espeak-ng", "-q", "-x", "-v", voice, strings.Join(lines, "\n")).CombinedOutput()
		if err != nil {
			t.Fatalf("espeak-ng: %v: %s", err, out)
		}
		if strings.Contains(string(out), "(en)") {
			t.Errorf("%v: voice %s reads some Chinese as English:\n%s", l, voice, out)
		}
	}
}

// TestMandarinReadings checks the voice choice against the readings of
// the rules' terms: the chosen voice must give each syllable its Mandarin
// initial, final and tone (espeak-ng's phonemes with tone numbers, "55"
// for tone 1 … "51" for tone 4, third-tone sandhi included), and Debian's
// "cmn" voice, which we do not choose, reads them through English (it
// spells 天 "tian1" as the English words "tian one"). If a later
// espeak-ng fixes "cmn", the second half fails and says so, so that the
// choice is looked at again.
func TestMandarinReadings(t *testing.T) {
	skipWithoutEspeak(t)
	phonemes := func(voice, text string) string {
		t.Helper()
		out, err := exec.Command("espeak-ng", "-q", "-x", "-v", voice, text).CombinedOutput()
		if err != nil {
			t.Fatalf("espeak-ng -v %s: %v: %s", voice, err, out)
		}
		return strings.Join(strings.Fields(string(out)), " ")
	}
	for _, c := range []struct{ text, want string }{
		{"天元", "th'iE55n_| 'y&35n_|"},                    // tiān yuán
		{"禁手", "tS;'i51n_| s.'ou214_|"},                  // jìn shǒu
		{"活三", "X'uo35_| s'a55n_|"},                      // huó sān
		{"冲四", "ts.h'ong55_| s'i[51_|"},                  // chōng sì
		{"猜先", "tsh'ai55_| S;'iE55n_|"},                  // cāi xiān
		{"黑胜", "X'ei55_| s.'@51N_|"},                     // hēi shèng
		{"單雙", "t'a55n_| s.w'A55N_|"},                    // dān shuāng, Traditional
		{"五手两打", "w'u35_| s.'ou35_| l'iA35N_| t'A214_|"}, // wǔ shǒu liǎng dǎ, sandhi
	} {
		if got := phonemes(EspeakVoices(Simplified)[0], c.text); got != c.want {
			t.Errorf("%s: %s reads %q, want %q", c.text, EspeakVoices(Simplified)[0], got, c.want)
		}
		if got := phonemes("cmn", c.text); !strings.Contains(got, "(en)") {
			t.Errorf("%s: cmn now reads %q without English: compare it with cmn-latn-pinyin again", c.text, got)
		}
	}
}

// TestSpeakingVoiceToWAV renders one message per language to a WAV and
// checks that it holds speech, not silence.
func TestSpeakingVoiceToWAV(t *testing.T) {
	skipWithoutEspeak(t)
	for _, l := range Langs {
		t.Run(l.String(), func(t *testing.T) {
			dir := t.TempDir()
			var screen bytes.Buffer
			v, err := NewSpeakingVoice(SpeechOptions{Lang: l, WAV: func(n int) string { return filepath.Join(dir, fmt.Sprintf("%d.wav", n)) },
				Also: &TerminalVoice{P: &Printer{Lang: l}, W: &screen}})
			if err != nil {
				t.Fatal(err)
			}
			defer v.Close()
			if l.Chinese() && v.Voice != "cmn-latn-pinyin" {
				t.Errorf("Chinese is spoken with %q", v.Voice)
			}
			v.Say(game.Message{Key: "forbidden-claim", Args: []string{"h8"}, Text: "(double-three)"})
			if err := v.Flush(); err != nil {
				t.Fatal(err)
			}
			rms, secs := wavLoudness(t, filepath.Join(dir, "1.wav"))
			if rms < 300 || secs < 0.5 {
				t.Errorf("speech is silent or short: RMS %.0f over %.2f s", rms, secs)
			}
			if screen.Len() == 0 {
				t.Error("the message did not reach the screen too")
			}
		})
	}
}

// wavLoudness returns the RMS of a 16-bit PCM WAV's samples and its length.
func wavLoudness(t *testing.T, path string) (rms, seconds float64) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) < 44 || string(b[:4]) != "RIFF" || string(b[8:12]) != "WAVE" {
		t.Fatalf("%s is not a WAV", path)
	}
	rate := binary.LittleEndian.Uint32(b[24:28])
	if bits := binary.LittleEndian.Uint16(b[34:36]); bits != 16 {
		t.Fatalf("%s: %d-bit samples", path, bits)
	}
	pcm := b[44:]
	var sum float64
	n := len(pcm) / 2
	for i := 0; i < n; i++ {
		s := float64(int16(binary.LittleEndian.Uint16(pcm[2*i:])))
		sum += s * s
	}
	if n == 0 {
		return 0, 0
	}
	return math.Sqrt(sum / float64(n)), float64(n) / float64(rate)
}

func TestMissingVoiceFallsBackToText(t *testing.T) {
	var screen bytes.Buffer
	v, err := NewSpeakingVoice(SpeechOptions{Lang: Simplified, Voice: "no-such-voice-xx", Also: &TerminalVoice{P: &Printer{Lang: Simplified}, W: &screen}})
	if err == nil {
		t.Fatal("a missing voice gave no error")
	}
	if errors.Is(err, speech.ErrNoEspeak) && os.Getenv("CI") == "" {
		t.Log(err)
	}
	v.Say(game.Message{Key: "robot-move", Args: []string{"h8"}})
	if err := v.Flush(); err != nil {
		t.Fatal(err)
	}
	if got := screen.String(); got != "我下H8。\n" {
		t.Errorf("without a voice the screen shows %q", got)
	}
}

func TestOutputs(t *testing.T) {
	var screen bytes.Buffer
	published := 0
	o, err := NewOutputs(Simplified, &screen, false, "", func() { published++ })
	if err != nil {
		t.Fatal(err)
	}
	defer o.Close()
	o.Say(game.Message{Key: "robot-move", Args: []string{"h8"}})
	if screen.String() != "我下H8。\n" || published != 1 || len(o.Log.Messages()) != 1 || o.Speaker != nil {
		t.Errorf("screen %q, published %d, log %v", screen.String(), published, o.Log.Messages())
	}
	// A missing voice leaves the screen and the page working.
	o, err = NewOutputs(Traditional, &screen, true, "no-such-voice-xx", nil)
	if err == nil || o == nil || o.Speaker != nil {
		t.Fatalf("missing voice: %v", err)
	}
	o.Say(game.Message{Key: "takeback"})
	if len(o.Log.Messages()) != 1 {
		t.Error("the page lost a message without a voice")
	}
}
