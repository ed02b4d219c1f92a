package qr

// penalty scores a masked symbol by the standard's four rules; Encode
// keeps the mask with the lowest score. Lower scores read more reliably.
//
//	N1: a run of five or more modules of one colour in a row or column
//	    scores 3, plus 1 for each module beyond five.
//	N2: each 2×2 block of one colour scores 3.
//	N3: each 1:1:3:1:1 dark-light-dark-light-dark pattern with four light
//	    modules on one side (it looks like a finder) scores 40.
//	N4: 10 for every 5% the dark share strays from 50%.
func (c *Code) penalty() int {
	n := c.Size
	score := 0
	// Each row and column is copied into buf with the quiet zone's four
	// light modules on both sides, where N3's patterns may reach.
	buf := make([]bool, n+8)
	line := func(at func(i int) bool) {
		for i := 0; i < n; i++ {
			buf[i+4] = at(i)
		}
		run := 1
		for i := 1; i <= n; i++ {
			if i < n && buf[i+4] == buf[i+3] {
				run++
				continue
			}
			if run >= 5 {
				score += run - 2
			}
			run = 1
		}
		for i := 0; i+11 <= len(buf); i++ {
			if finderLike(buf[i : i+11]) {
				score += 40
			}
		}
	}
	for y := 0; y < n; y++ {
		line(func(x int) bool { return c.dark[y*n+x] })
	}
	for x := 0; x < n; x++ {
		line(func(y int) bool { return c.dark[y*n+x] })
	}
	dark := 0
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			d := c.dark[y*n+x]
			if d {
				dark++
			}
			if x+1 < n && y+1 < n && c.dark[y*n+x+1] == d && c.dark[(y+1)*n+x] == d && c.dark[(y+1)*n+x+1] == d {
				score += 3
			}
		}
	}
	pct := dark * 100 / (n * n)
	dev := pct - 50
	if dev < 0 {
		dev = -dev
	}
	return score + dev/5*10
}

// finder is the pattern N3 looks for, 11 modules: four light before a
// 1:1:3:1:1 pattern, or four light after it.
var finder = [2][11]bool{
	{false, false, false, false, true, false, true, true, true, false, true},
	{true, false, true, true, true, false, true, false, false, false, false},
}

// finderLike reports whether the 11 modules m hold one of the patterns.
func finderLike(m []bool) bool {
	for _, p := range finder {
		if [11]bool(m) == p {
			return true
		}
	}
	return false
}
