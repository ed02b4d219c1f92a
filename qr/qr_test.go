package qr

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// TestBlockTable checks the block table against the symbol itself: at
// every level a version holds the same number of codewords, and that is
// the number of modules left for data, in bytes, with the standard's
// remainder bits (7 for versions 2–6, none otherwise up to 10).
func TestBlockTable(t *testing.T) {
	for v := 1; v <= MaxVersion; v++ {
		modules := dataModules(v)
		for l := L; l <= H; l++ {
			if got := blockTable[v][l].totalCodewords(); got != modules/8 {
				t.Errorf("version %d-%v: %d codewords, the symbol has room for %d", v, l, got, modules/8)
			}
		}
		want := 0
		if v >= 2 && v <= 6 {
			want = 7
		}
		if modules%8 != want {
			t.Errorf("version %d: %d remainder bits, want %d", v, modules%8, want)
		}
	}
}

// poly evaluates a codeword sequence, first word highest, at x.
func poly(words []byte, x byte) byte {
	var y byte
	for _, w := range words {
		y = gfMul(y, x) ^ w
	}
	return y
}

// TestReedSolomon checks the error correction codewords: the example of
// the standard's annex (1-M, "01234567"), and for other data that every
// block with its codewords is a multiple of the generator, i.e. vanishes
// at α⁰…αⁿ⁻¹.
func TestReedSolomon(t *testing.T) {
	data := []byte{16, 32, 12, 86, 97, 128, 236, 17, 236, 17, 236, 17, 236, 17, 236, 17}
	want := []byte{165, 36, 212, 193, 237, 54, 199, 135, 44, 85}
	if got := ecc(data, 10); !bytes.Equal(got, want) {
		t.Errorf("ecc of the annex's example = %v, want %v", got, want)
	}
	for _, n := range []int{7, 10, 13, 16, 18, 22, 26, 28, 30} {
		data := []byte("http://192.168.1.20:8080/review.html?game=" + strings.Repeat("x", n))
		cw := append(append([]byte(nil), data...), ecc(data, n)...)
		for i := 0; i < n; i++ {
			if s := poly(cw, gfExp[i]); s != 0 {
				t.Errorf("n=%d: syndrome %d is %d, want 0", n, i, s)
			}
		}
	}
}

// TestBCH checks the format and version information against values the
// standard lists.
func TestBCH(t *testing.T) {
	for _, c := range []struct {
		l    Level
		mask int
		want int
	}{
		{M, 0, 0b101010000010010}, {L, 4, 0b110011000101111}, {H, 7, 0b000100000111011}, {Q, 2, 0b011111100110001},
	} {
		if got := formatInfo(c.l, c.mask); got != c.want {
			t.Errorf("format %v mask %d = %015b, want %015b", c.l, c.mask, got, c.want)
		}
	}
	for _, c := range []struct{ version, want int }{{7, 0x07C94}, {8, 0x085BC}, {9, 0x09A99}, {10, 0x0A4D3}} {
		if got := bch(c.version, 12, 0x1F25); got != c.want {
			t.Errorf("version %d information = %018b, want %018b", c.version, got, c.want)
		}
	}
}

// readFormat reads both copies of the format information from a symbol.
func readFormat(c *Code) (int, int) {
	var a, b int
	n := c.Size
	for i := 0; i < 15; i++ {
		var x, y int
		switch {
		case i < 6:
			x, y = 8, i
		case i < 8:
			x, y = 8, i+1
		case i == 8:
			x, y = 7, 8
		default:
			x, y = 14-i, 8
		}
		if c.Dark(x, y) {
			a |= 1 << i
		}
		if i < 8 {
			x, y = n-1-i, 8
		} else {
			x, y = 8, n-15+i
		}
		if c.Dark(x, y) {
			b |= 1 << i
		}
	}
	return a, b
}

func TestEncodeChoosesVersionAndMask(t *testing.T) {
	for _, c := range []struct {
		n       int
		l       Level
		version int
	}{
		{14, M, 1}, {15, M, 2}, {84, M, 5}, {85, M, 6}, {106, M, 6}, {107, M, 7}, {213, M, 10}, {271, L, 10}, {119, H, 10},
	} {
		code, err := Encode(bytes.Repeat([]byte("a"), c.n), c.l)
		if err != nil {
			t.Fatalf("%d bytes at %v: %v", c.n, c.l, err)
		}
		if code.Version != c.version || code.Size != 17+4*c.version {
			t.Errorf("%d bytes at %v: version %d (%d modules), want %d", c.n, c.l, code.Version, code.Size, c.version)
		}
		a, b := readFormat(code)
		if a != b || a != formatInfo(c.l, code.Mask) {
			t.Errorf("%d bytes at %v: format copies %015b, %015b; want %015b", c.n, c.l, a, b, formatInfo(c.l, code.Mask))
		}
		// The chosen mask scores no worse than any other.
		words := codewords(bytes.Repeat([]byte("a"), c.n), code.Version, c.l)
		for m := 0; m < 8; m++ {
			if s := build(words, code.Version, c.l, m).penalty(); s < code.penalty() {
				t.Errorf("%d bytes at %v: mask %d scores %d, below the chosen mask %d's %d", c.n, c.l, m, s, code.Mask, code.penalty())
			}
		}
	}
	if _, err := Encode(make([]byte, 214), M); !errors.Is(err, ErrTooLong) {
		t.Errorf("214 bytes at M: %v, want ErrTooLong", err)
	}
	if _, err := Encode([]byte("x"), Level(9)); err == nil {
		t.Error("level 9 accepted")
	}
}

// TestPenalty checks the rules on small known symbols.
func TestPenalty(t *testing.T) {
	// A 5×5 all-light symbol: every row and column is a run of 5 (3
	// each: 30), 16 2×2 blocks (48), all light (50% off: 100), and each
	// line has a finder-like pattern? No: it needs dark modules.
	c := &Code{Size: 5, dark: make([]bool, 25)}
	if got := c.penalty(); got != 30+48+100 {
		t.Errorf("light 5×5: %d, want %d", got, 30+48+100)
	}
	// A checkerboard has no runs, no blocks and half dark: only N3 could
	// score, and it cannot (no three dark in a row).
	c = &Code{Size: 6, dark: make([]bool, 36)}
	for i := range c.dark {
		c.dark[i] = (i/6+i%6)%2 == 0
	}
	if got := c.penalty(); got != 0 {
		t.Errorf("checkerboard: %d, want 0", got)
	}
	// A line holding 1011101 with four light modules on both sides
	// matches twice (light before, light after); broken, never.
	matches := func(dark ...int) int {
		buf := make([]bool, 15)
		for _, x := range dark {
			buf[x] = true
		}
		n := 0
		for i := 0; i+11 <= len(buf); i++ {
			if finderLike(buf[i : i+11]) {
				n++
			}
		}
		return n
	}
	if got := matches(4, 6, 7, 8, 10); got != 2 {
		t.Errorf("1011101 between light: %d matches, want 2", got)
	}
	if got := matches(4, 6, 7, 10); got != 0 {
		t.Errorf("1011001: %d matches, want 0", got)
	}
}

func TestSVG(t *testing.T) {
	c, err := Encode([]byte("http://tengen.local/"), M)
	if err != nil {
		t.Fatal(err)
	}
	svg := c.SVG()
	if !strings.HasPrefix(svg, "<svg") || !strings.Contains(svg, `viewBox="0 0 33 33"`) || strings.Count(svg, "h") < c.Size {
		t.Errorf("svg %.120s…", svg)
	}
}

func FuzzEncode(f *testing.F) {
	f.Add([]byte("http://192.168.1.20:8080/review.html"), uint8(1))
	f.Add([]byte{}, uint8(0))
	f.Add(bytes.Repeat([]byte{0xff}, 300), uint8(3))
	f.Fuzz(func(t *testing.T, data []byte, lv uint8) {
		l := Level(lv % 4)
		c, err := Encode(data, l)
		if len(data) > Capacity(MaxVersion, l) {
			if !errors.Is(err, ErrTooLong) {
				t.Fatalf("%d bytes at %v: %v", len(data), l, err)
			}
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		if len(data) > Capacity(c.Version, l) || (c.Version > 1 && len(data) <= Capacity(c.Version-1, l)) {
			t.Fatalf("%d bytes at %v in version %d", len(data), l, c.Version)
		}
		if a, b := readFormat(c); a != b || a != formatInfo(l, c.Mask) {
			t.Fatalf("format information %015b / %015b", a, b)
		}
	})
}
