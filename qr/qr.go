package qr

import (
	"errors"
	"fmt"
)

// Level is an error correction level: the share of codewords that may be
// lost and recovered (about 7%, 15%, 25% and 30%).
type Level int8

const (
	L Level = iota
	M
	Q
	H
)

func (l Level) String() string {
	if l >= L && l <= H {
		return "LMQH"[l : l+1]
	}
	return fmt.Sprintf("Level(%d)", int(l))
}

// formatBits are the levels' two bits in the format information.
var formatBits = [4]int{L: 1, M: 0, Q: 3, H: 2}

// MaxVersion is the largest version the encoder makes.
const MaxVersion = 10

// blocks describes a version's codewords at one level: the error
// correction codewords of every block, and the blocks of two sizes (the
// second group's blocks hold one data codeword more).
type blocks struct {
	ec                  int
	n1, data1, n2, dat2 int
}

// blockTable is the standard's table 9 for versions 1 to 10, by level.
var blockTable = [MaxVersion + 1][4]blocks{
	1:  {L: {7, 1, 19, 0, 0}, M: {10, 1, 16, 0, 0}, Q: {13, 1, 13, 0, 0}, H: {17, 1, 9, 0, 0}},
	2:  {L: {10, 1, 34, 0, 0}, M: {16, 1, 28, 0, 0}, Q: {22, 1, 22, 0, 0}, H: {28, 1, 16, 0, 0}},
	3:  {L: {15, 1, 55, 0, 0}, M: {26, 1, 44, 0, 0}, Q: {18, 2, 17, 0, 0}, H: {22, 2, 13, 0, 0}},
	4:  {L: {20, 1, 80, 0, 0}, M: {18, 2, 32, 0, 0}, Q: {26, 2, 24, 0, 0}, H: {16, 4, 9, 0, 0}},
	5:  {L: {26, 1, 108, 0, 0}, M: {24, 2, 43, 0, 0}, Q: {18, 2, 15, 2, 16}, H: {22, 2, 11, 2, 12}},
	6:  {L: {18, 2, 68, 0, 0}, M: {16, 4, 27, 0, 0}, Q: {24, 4, 19, 0, 0}, H: {28, 4, 15, 0, 0}},
	7:  {L: {20, 2, 78, 0, 0}, M: {18, 4, 31, 0, 0}, Q: {18, 2, 14, 4, 15}, H: {26, 4, 13, 1, 14}},
	8:  {L: {24, 2, 97, 0, 0}, M: {22, 2, 38, 2, 39}, Q: {22, 4, 18, 2, 19}, H: {26, 4, 14, 2, 15}},
	9:  {L: {30, 2, 116, 0, 0}, M: {22, 3, 36, 2, 37}, Q: {20, 4, 16, 4, 17}, H: {24, 4, 12, 4, 13}},
	10: {L: {18, 2, 68, 2, 69}, M: {26, 4, 43, 1, 44}, Q: {24, 6, 19, 2, 20}, H: {28, 6, 15, 2, 16}},
}

func (b blocks) dataCodewords() int { return b.n1*b.data1 + b.n2*b.dat2 }

func (b blocks) totalCodewords() int { return b.dataCodewords() + (b.n1+b.n2)*b.ec }

// alignment lists the centre rows and columns of the alignment patterns
// by version (none for version 1).
var alignment = [MaxVersion + 1][]int{
	2: {6, 18}, 3: {6, 22}, 4: {6, 26}, 5: {6, 30}, 6: {6, 34},
	7: {6, 22, 38}, 8: {6, 24, 42}, 9: {6, 26, 46}, 10: {6, 28, 50},
}

// countBits is the length of byte mode's character count.
func countBits(version int) int {
	if version <= 9 {
		return 8
	}
	return 16
}

// Capacity returns how many bytes a version holds at a level.
func Capacity(version int, l Level) int {
	if version < 1 || version > MaxVersion || l < L || l > H {
		return 0
	}
	return (blockTable[version][l].dataCodewords()*8 - 4 - countBits(version)) / 8
}

// ErrTooLong is Encode's error for data that no version up to MaxVersion
// holds at the level asked for.
var ErrTooLong = errors.New("qr: data too long")

// Code is an encoded symbol: Size×Size modules, dark or light.
type Code struct {
	Version int
	Level   Level
	Mask    int
	Size    int
	dark    []bool
}

// Dark reports whether the module in column x, row y is dark; outside the
// symbol (the quiet zone) everything is light.
func (c *Code) Dark(x, y int) bool {
	if x < 0 || y < 0 || x >= c.Size || y >= c.Size {
		return false
	}
	return c.dark[y*c.Size+x]
}

// Encode encodes data in byte mode at level l, in the smallest version
// that holds it, with the mask the penalty rules prefer.
func Encode(data []byte, l Level) (*Code, error) {
	if l < L || l > H {
		return nil, fmt.Errorf("qr: unknown error correction level %d", int(l))
	}
	version := 0
	for v := 1; v <= MaxVersion; v++ {
		if len(data) <= Capacity(v, l) {
			version = v
			break
		}
	}
	if version == 0 {
		return nil, fmt.Errorf("%w: %d bytes, at most %d at level %v", ErrTooLong, len(data), Capacity(MaxVersion, l), l)
	}
	words := codewords(data, version, l)
	var best *Code
	bestScore := 0
	for mask := 0; mask < 8; mask++ {
		c := build(words, version, l, mask)
		if s := c.penalty(); best == nil || s < bestScore {
			best, bestScore = c, s
		}
	}
	return best, nil
}

// build draws the symbol of codewords with one mask.
func build(words []byte, version int, l Level, mask int) *Code {
	m := newMatrix(version)
	m.placeData(words)
	m.applyMask(mask)
	m.drawFormat(l, mask)
	return &Code{Version: version, Level: l, Mask: mask, Size: m.size, dark: m.dark}
}

// codewords turns data into the symbol's codeword sequence: the bit
// stream (mode, count, data, terminator, padding) cut into bytes, split
// into blocks, each given its error correction codewords, interleaved.
func codewords(data []byte, version int, l Level) []byte {
	bt := blockTable[version][l]
	var bits bitBuffer
	bits.put(0b0100, 4) // byte mode
	bits.put(len(data), countBits(version))
	for _, b := range data {
		bits.put(int(b), 8)
	}
	capacity := bt.dataCodewords() * 8
	bits.put(0, min(4, capacity-bits.n)) // terminator
	bits.put(0, (8-bits.n%8)%8)
	for pad := 0; bits.n < capacity; pad++ {
		bits.put([]int{0xEC, 0x11}[pad%2], 8)
	}
	stream := bits.bytes

	var dataBlocks, ecBlocks [][]byte
	for i := 0; i < bt.n1+bt.n2; i++ {
		n := bt.data1
		if i >= bt.n1 {
			n = bt.dat2
		}
		block := stream[:n]
		stream = stream[n:]
		dataBlocks = append(dataBlocks, block)
		ecBlocks = append(ecBlocks, ecc(block, bt.ec))
	}
	out := make([]byte, 0, bt.totalCodewords())
	for i := 0; i < max(bt.data1, bt.dat2); i++ {
		for _, b := range dataBlocks {
			if i < len(b) {
				out = append(out, b[i])
			}
		}
	}
	for i := 0; i < bt.ec; i++ {
		for _, b := range ecBlocks {
			out = append(out, b[i])
		}
	}
	return out
}

// bitBuffer collects bits, most significant first.
type bitBuffer struct {
	bytes []byte
	n     int
}

func (b *bitBuffer) put(v, bits int) {
	for i := bits - 1; i >= 0; i-- {
		if b.n%8 == 0 {
			b.bytes = append(b.bytes, 0)
		}
		if v>>i&1 == 1 {
			b.bytes[b.n/8] |= 0x80 >> (b.n % 8)
		}
		b.n++
	}
}
