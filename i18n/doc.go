// Package i18n words everything a person at Tengen's table sees or hears
// in English, Simplified Chinese or Traditional Chinese: the game's
// messages (game.Message keys and their arguments), the web page's
// labels, the terminal's texts, and the terms of the Chinese rules
// (活三, 冲四, 长连, 禁手, 三三, 四四, 天元, 星, the 26 opening names).
//
// Terms follow the Chinese Gomoku and Renju rules (中国五子棋竞赛规则,
// the Chinese Renju Association's rulebook) and, for English, the RIF's
// wording and the openings' Japanese names as the RIF lists them.
//
// The catalogue is one table: each key has a fixed list of argument
// kinds (a point, a colour, a count, …) and a text per language with
// numbered placeholders {0}, {1}, …. A Printer formats a key in one
// language; the web page gets the same table as JSON (web/static/i18n.json,
// written by `go generate` and checked by a test) and formats the same way.
//
// Records and the page number moves the Chinese way when asked: Black's
// odd numbers circled (①③⑤), White's even ones plain, points as a column
// A–O and a row 1–15 counted from Black's side.
//
// Speech: Debian's espeak-ng 1.51 has two Mandarin voices. "cmn" (latin
// as English) reads most Chinese characters through their pinyin as if it
// were English (espeak-ng issues #1028 and #1236): its phonemes for 天元
// are "(en)tja55nw'055n j,u:55a#55nt'u:55", the pinyin "tian1 yuan2"
// said as English words. "cmn-latn-pinyin" speaks them as Mandarin
// ("th'iE55n 'y&35n": tiān yuán, with the tones and third-tone sandhi),
// for Simplified and Traditional characters alike; TestMandarinReadings
// checks both voices on the rules' terms. SpeakingVoice therefore prefers cmn-latn-pinyin, and spells a
// point as its letter and its number apart ("H 8"), which that voice
// reads as the letter's Chinese name and the number.
package i18n

//go:generate go run ./gen -o ../web/static/i18n.json
