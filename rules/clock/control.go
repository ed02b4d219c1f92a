package clock

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// Control is a time control. The zero value is no clock at all.
//
// The parts combine: main time, then Periods byo-yomi periods of Period
// each; a Fischer Increment added after every move; a simple Delay at
// the start of every move before the clock runs down; a MoveLimit that
// no single move may reach; and Shared, one budget drawn on by both
// sides.
type Control struct {
	Main      time.Duration // main time (包干); 0 with nothing else timed: unlimited
	Increment time.Duration // Fischer increment (加秒), added after each move
	Delay     time.Duration // simple (US) delay: the first Delay of each move is free
	Periods   int           // byo-yomi (读秒): number of periods after the main time
	Period    time.Duration // byo-yomi: length of each period
	MoveLimit time.Duration // no move may take this long; 0: no limit
	Shared    bool          // one budget for both sides
}

// maxDuration bounds every time in a control, so sums cannot overflow.
const maxDuration = 1000 * time.Hour

// Timed reports whether the main budget counts at all. A control with
// only a MoveLimit times moves but has no budget.
func (c Control) Timed() bool {
	return c.Main > 0 || c.Periods > 0 || c.Increment > 0 || c.Delay > 0
}

// Unlimited reports whether nothing is timed.
func (c Control) Unlimited() bool { return !c.Timed() && c.MoveLimit == 0 }

// Validate checks that the parts make sense together.
func (c Control) Validate() error {
	for _, d := range []struct {
		name string
		v    time.Duration
	}{{"main time", c.Main}, {"increment", c.Increment}, {"delay", c.Delay}, {"period", c.Period}, {"move limit", c.MoveLimit}} {
		if d.v < 0 || d.v > maxDuration {
			return fmt.Errorf("%s %v is out of range (0 to %v)", d.name, d.v, maxDuration)
		}
	}
	if c.Periods < 0 || c.Periods > 1000 {
		return fmt.Errorf("%d byo-yomi periods is out of range (0 to 1000)", c.Periods)
	}
	if (c.Periods > 0) != (c.Period > 0) {
		return fmt.Errorf("byo-yomi needs both a number of periods and their length")
	}
	if c.Shared && !c.Timed() {
		return fmt.Errorf("a shared clock needs a main time")
	}
	return nil
}

// String writes the control in the grammar Parse reads, e.g. "10m+5s",
// "5m/3x30s", "60s/move", "shared 30m", "unlimited".
func (c Control) String() string {
	if c.Unlimited() {
		return "unlimited"
	}
	var parts []string
	if c.Timed() {
		s := formatDur(c.Main)
		if c.Increment > 0 {
			s += "+" + formatDur(c.Increment)
		}
		parts = append(parts, s)
	}
	if c.Periods > 0 {
		parts = append(parts, fmt.Sprintf("%dx%s", c.Periods, formatDur(c.Period)))
	}
	if c.Delay > 0 {
		parts = append(parts, "d"+formatDur(c.Delay))
	}
	if c.MoveLimit > 0 {
		parts = append(parts, formatDur(c.MoveLimit)+"/move")
	}
	s := strings.Join(parts, "/")
	if c.Shared {
		s = "shared " + s
	}
	return s
}

// Parse reads a time control. The grammar (spaces may stand for "/"):
//
//	control = "unlimited" | [ "shared" ] part { "/" part }
//	part    = dur [ "+" dur ]    main time, with a Fischer increment; first if present
//	        | N "x" dur          byo-yomi: N periods of dur after the main time
//	        | "d" dur            simple delay: the first dur of every move is free
//	        | dur "/move"        a limit on every single move
//	dur     = { number unit }    units h, m, s, ms; e.g. 1h30m, 90s, 1.5s
//	        | [ h ":" ] mm ":" ss
//
// Examples: "10m" (sudden death), "10m+5s" (Fischer), "10m/3x30s"
// (byo-yomi), "0/5x30s" (byo-yomi only), "60s/move", "15m/90s/move",
// "5m/d5s" (delay), "shared 30m" (one budget for both sides).
func Parse(s string) (Control, error) {
	var c Control
	t := strings.ToLower(strings.TrimSpace(s))
	if t == "unlimited" || t == "none" {
		return c, nil
	}
	if rest, ok := strings.CutPrefix(t, "shared"); ok {
		c.Shared, t = true, rest
	}
	parts := strings.FieldsFunc(t, func(r rune) bool { return r == '/' || r == ' ' || r == '\t' })
	if len(parts) == 0 {
		return c, fmt.Errorf("empty time control %q: want e.g. 10m, 10m+5s, 10m/3x30s or 60s/move", s)
	}
	seenMain := false
	for i := 0; i < len(parts); i++ {
		p := parts[i]
		bad := func(format string, a ...any) (Control, error) {
			return Control{}, fmt.Errorf("time control %q, part %q: %s", s, p, fmt.Sprintf(format, a...))
		}
		switch {
		case i+1 < len(parts) && parts[i+1] == "move":
			if c.MoveLimit > 0 {
				return bad("a second move limit")
			}
			d, err := parseDur(p)
			if err != nil || d == 0 {
				return bad("want a move limit like 60s")
			}
			c.MoveLimit = d
			i++
		case strings.Contains(p, "x"):
			n, per, _ := strings.Cut(p, "x")
			k, err := strconv.Atoi(n)
			d, err2 := parseDur(per)
			if err != nil || err2 != nil || k < 1 || d == 0 {
				return bad("want byo-yomi periods like 3x30s")
			}
			if c.Periods > 0 {
				return bad("a second byo-yomi")
			}
			c.Periods, c.Period = k, d
		case strings.HasPrefix(p, "d"):
			d, err := parseDur(p[1:])
			if err != nil || d == 0 || c.Delay > 0 {
				return bad("want one delay like d5s")
			}
			c.Delay = d
		default:
			if seenMain || i > 0 {
				return bad("the main time must come first, and only once")
			}
			main, inc, hasInc := strings.Cut(p, "+")
			d, err := parseDur(main)
			if err != nil {
				return bad("%v", err)
			}
			c.Main, seenMain = d, true
			if hasInc {
				if c.Increment, err = parseDur(inc); err != nil || c.Increment == 0 {
					return bad("want an increment like +5s")
				}
			}
		}
	}
	if err := c.Validate(); err != nil {
		return Control{}, fmt.Errorf("time control %q: %w", s, err)
	}
	return c, nil
}

// parseDur reads "1h30m", "90s", "1.5s", "250ms", "5:00", "1:30:00" or "0".
func parseDur(s string) (time.Duration, error) {
	if s == "0" {
		return 0, nil
	}
	if strings.Contains(s, ":") {
		f := strings.Split(s, ":")
		if len(f) > 3 {
			return 0, fmt.Errorf("bad time %q: want mm:ss or h:mm:ss", s)
		}
		var total int64
		for i, x := range f {
			n, err := strconv.Atoi(x)
			if err != nil || n < 0 || (i > 0 && (n > 59 || len(x) != 2)) || n > 1000*60 {
				return 0, fmt.Errorf("bad time %q: want mm:ss or h:mm:ss", s)
			}
			total = total*60 + int64(n)
		}
		return checkDur(time.Duration(total)*time.Second, s)
	}
	var total float64
	rest := s
	if rest == "" {
		return 0, fmt.Errorf("missing time")
	}
	for rest != "" {
		i := 0
		for i < len(rest) && (rest[i] >= '0' && rest[i] <= '9' || rest[i] == '.') {
			i++
		}
		j := i
		for j < len(rest) && rest[j] >= 'a' && rest[j] <= 'z' {
			j++
		}
		n, err := strconv.ParseFloat(rest[:i], 64)
		if err != nil || i == 0 {
			return 0, fmt.Errorf("bad time %q: want a number with a unit, like 10m or 30s", s)
		}
		unit := map[string]time.Duration{"h": time.Hour, "m": time.Minute, "min": time.Minute, "s": time.Second, "ms": time.Millisecond}[rest[i:j]]
		if unit == 0 {
			return 0, fmt.Errorf("bad time %q: unit %q is not h, m, s or ms", s, rest[i:j])
		}
		total += n * float64(unit)
		if total > float64(maxDuration) {
			return 0, fmt.Errorf("time %q is longer than %v", s, maxDuration)
		}
		rest = rest[j:]
	}
	return checkDur(time.Duration(math.Round(total/1e6))*time.Millisecond, s)
}

func checkDur(d time.Duration, s string) (time.Duration, error) {
	if d > maxDuration {
		return 0, fmt.Errorf("time %q is longer than %v", s, maxDuration)
	}
	return d, nil
}

// formatDur writes d for Parse: "10m", "1h30m", "30s", "1.5s", "250ms", "0".
func formatDur(d time.Duration) string {
	if d == 0 {
		return "0"
	}
	var b strings.Builder
	if h := d / time.Hour; h > 0 {
		fmt.Fprintf(&b, "%dh", h)
		d -= h * time.Hour
	}
	if m := d / time.Minute; m > 0 {
		fmt.Fprintf(&b, "%dm", m)
		d -= m * time.Minute
	}
	switch {
	case d == 0:
	case d%time.Second == 0:
		fmt.Fprintf(&b, "%ds", d/time.Second)
	case d < time.Second:
		fmt.Fprintf(&b, "%dms", d/time.Millisecond)
	default:
		b.WriteString(strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + "s")
	}
	return b.String()
}

// Display writes a time for people, "mm:ss" or "h:mm:ss", with tenths
// under ten seconds as clocks show them ("00:07.3").
func Display(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	if d < 10*time.Second {
		tenths := d / (100 * time.Millisecond)
		return fmt.Sprintf("00:%02d.%d", tenths/10, tenths%10)
	}
	s := int64(d / time.Second)
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%02d:%02d", s/60, s%60)
}

// Describe writes the control for people, e.g. "05:00 +3×30s",
// "10:00 +5s/move", "60s per move", "shared 30:00", "unlimited".
func (c Control) Describe() string {
	if c.Unlimited() {
		return "unlimited"
	}
	var parts []string
	if c.Timed() {
		parts = append(parts, Display(c.Main))
	}
	if c.Increment > 0 {
		parts = append(parts, "+"+formatDur(c.Increment)+"/move")
	}
	if c.Periods > 0 {
		parts = append(parts, fmt.Sprintf("+%d×%s", c.Periods, formatDur(c.Period)))
	}
	if c.Delay > 0 {
		parts = append(parts, "delay "+formatDur(c.Delay))
	}
	if c.MoveLimit > 0 {
		parts = append(parts, formatDur(c.MoveLimit)+" per move")
	}
	s := strings.Join(parts, " ")
	if c.Shared {
		s = "shared " + s
	}
	return s
}
