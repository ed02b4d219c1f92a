package i18n

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"tengen/i18n/errmsg"
	"time"

	"tengen/game"
	"tengen/speech"
	"tengen/web"
)

// TerminalVoice prints each message on its own line in its language.
type TerminalVoice struct {
	P  *Printer
	W  io.Writer
	mu sync.Mutex
}

// Say prints m.
func (v *TerminalVoice) Say(m game.Message) {
	v.mu.Lock()
	defer v.mu.Unlock()
	fmt.Fprintln(v.W, v.P.Message(m))
}

// EspeakVoices lists the espeak-ng voices for a language, best first.
// For Chinese, cmn-latn-pinyin comes before cmn: Debian's espeak-ng 1.51
// "cmn" reads most characters as English (see the package doc).
func EspeakVoices(l Lang) []string {
	if l.Chinese() {
		return []string{"cmn-latn-pinyin", "cmn"}
	}
	return []string{"en", "en-us"}
}

// Sayer speaks text; *speech.Speaker is one.
type Sayer interface{ Say(text string) }

// SpeakingVoice speaks each message in its language and passes it on to
// Also (the terminal, the page).
type SpeakingVoice struct {
	P       *Printer // a spoken printer
	Speaker Sayer    // nil: no speech, only Also
	Also    game.Voice
	// Voice is the espeak-ng voice in use, "" when there is none.
	Voice   string
	speaker *speech.Speaker
}

// SpeechOptions configure NewSpeakingVoice.
type SpeechOptions struct {
	Lang Lang
	// Voice is the espeak-ng voice; "" picks the first of EspeakVoices
	// that is installed (e.g. "yue" may be set for Cantonese).
	Voice string
	// WAV, if set, names the WAV file for each sentence instead of
	// playing it (tests, the web page).
	WAV func(n int) string
	// Also is told of every message too; nil for none.
	Also game.Voice
}

// NewSpeakingVoice returns a voice that speaks in o.Lang. When espeak-ng
// or every voice for the language is missing it still returns a usable
// voice that only passes messages to o.Also (the screen), with an error
// saying why there is no speech.
func NewSpeakingVoice(o SpeechOptions) (*SpeakingVoice, error) {
	v := &SpeakingVoice{P: &Printer{Lang: o.Lang, Spoken: true}, Also: o.Also}
	names := EspeakVoices(o.Lang)
	if o.Voice != "" {
		names = []string{o.Voice}
	}
	var errs []error
	for _, name := range names {
		s, err := speech.New(name, o.WAV)
		if errors.Is(err, speech.ErrNoEspeak) {
			return v, err
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		v.speaker, v.Speaker, v.Voice = s, s, name
		return v, nil
	}
	return v, errmsg.Wrap(errors.Join(errs...), "err.no-voice-for", o.Lang.String())
}

// Say speaks m and passes it on.
func (v *SpeakingVoice) Say(m game.Message) {
	if v.Speaker != nil {
		v.Speaker.Say(v.P.Message(m))
	}
	if v.Also != nil {
		v.Also.Say(m)
	}
}

// Flush waits until everything said has been spoken.
func (v *SpeakingVoice) Flush() error {
	if v.speaker == nil {
		return nil
	}
	return v.speaker.Flush()
}

// Close stops the speech.
func (v *SpeakingVoice) Close() error {
	if v.speaker == nil {
		return nil
	}
	return v.speaker.Close()
}

// Voices tells every voice of each message.
type Voices []game.Voice

// Say passes m to each voice.
func (vs Voices) Say(m game.Message) {
	for _, v := range vs {
		if v != nil {
			v.Say(m)
		}
	}
}

// PageLog keeps the latest messages for the web page (web.State.Messages),
// in the catalogue's form so the page words them in the viewer's language.
type PageLog struct {
	// Max bounds the messages kept; 0 means 20.
	Max int
	// Now stamps the messages; nil means time.Now.
	Now func() time.Time
	// Changed, if set, is called after each message (to publish the page).
	Changed func()

	mu   sync.Mutex
	list []web.Said
}

// Said returns m as the page takes it.
func Said(m game.Message) web.Said {
	key, args := Normalize(m)
	return web.Said{Key: key, Args: args, Text: strings.TrimSpace(m.Text)}
}

// Say records m.
func (l *PageLog) Say(m game.Message) {
	s := Said(m)
	now := time.Now
	if l.Now != nil {
		now = l.Now
	}
	s.Time = now().Format("15:04:05")
	max := l.Max
	if max <= 0 {
		max = 20
	}
	l.mu.Lock()
	l.list = append(l.list, s)
	if len(l.list) > max {
		l.list = append([]web.Said(nil), l.list[len(l.list)-max:]...)
	}
	l.mu.Unlock()
	if l.Changed != nil {
		l.Changed()
	}
}

// Messages returns a copy of the messages kept, latest last.
func (l *PageLog) Messages() []web.Said {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]web.Said(nil), l.list...)
}
