package i18n

import (
	"io"

	"tengen/game"
)

// Outputs is everything the robot says through, in one language: the
// terminal, the speaker (when asked for and available) and the page's
// message log. It is a game.Voice.
type Outputs struct {
	Voices
	Log     *PageLog
	Speaker *SpeakingVoice // nil without speech
}

// NewOutputs builds the outputs for lang: lines on w (nil for none), the
// page's log (changed is called after each message, e.g. to publish the
// page), and speech when speak is set, through espeakVoice or the best
// voice for the language. Missing speech is not fatal: the outputs work
// without it and the error says why there is no voice.
func NewOutputs(lang Lang, w io.Writer, speak bool, espeakVoice string, changed func()) (*Outputs, error) {
	o := &Outputs{Log: &PageLog{Changed: changed}}
	if w != nil {
		o.Voices = append(o.Voices, &TerminalVoice{P: &Printer{Lang: lang}, W: w})
	}
	o.Voices = append(o.Voices, o.Log)
	if !speak {
		return o, nil
	}
	sv, err := NewSpeakingVoice(SpeechOptions{Lang: lang, Voice: espeakVoice})
	if err != nil {
		return o, err
	}
	o.Speaker = sv
	o.Voices = append(o.Voices, sv)
	return o, nil
}

// Close stops the speech, after what is being said.
func (o *Outputs) Close() error {
	if o.Speaker == nil {
		return nil
	}
	return o.Speaker.Close()
}

var _ game.Voice = (*Outputs)(nil)
