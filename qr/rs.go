package qr

// Arithmetic in GF(256) with the field polynomial x⁸+x⁴+x³+x²+1 (0x11D)
// and the generator α = 2, as the standard's Reed–Solomon code uses.

var gfExp, gfLog = func() (exp [512]byte, log [256]byte) {
	x := 1
	for i := 0; i < 255; i++ {
		exp[i] = byte(x)
		log[x] = byte(i)
		x <<= 1
		if x&0x100 != 0 {
			x ^= 0x11D
		}
	}
	// A doubled table spares a modulo in gfMul.
	for i := 255; i < 512; i++ {
		exp[i] = exp[i-255]
	}
	return exp, log
}()

func gfMul(a, b byte) byte {
	if a == 0 || b == 0 {
		return 0
	}
	return gfExp[int(gfLog[a])+int(gfLog[b])]
}

// generator returns the coefficients of ∏(x − αⁱ), i = 0…n−1, highest
// power first, leading 1 left out: the n coefficients the division uses.
func generator(n int) []byte {
	g := []byte{1}
	for i := 0; i < n; i++ {
		next := make([]byte, len(g)+1)
		for j, c := range g {
			next[j] ^= c                    // c·x
			next[j+1] ^= gfMul(c, gfExp[i]) // c·αⁱ (minus is plus in GF(2⁸))
		}
		g = next
	}
	return g[1:]
}

// ecc returns the n error correction codewords of data: the remainder of
// data·xⁿ divided by the generator.
func ecc(data []byte, n int) []byte {
	gen := generator(n)
	rem := make([]byte, n)
	for _, d := range data {
		f := d ^ rem[0]
		copy(rem, rem[1:])
		rem[n-1] = 0
		for i, g := range gen {
			rem[i] ^= gfMul(g, f)
		}
	}
	return rem
}
