package sim

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"
	"sync"
	"tengen/i18n/errmsg"

	"tengen/game"
	"tengen/rules"
)

// The faults the simulator injects (tengen sim --faults). Arm and board
// faults have a chance per robot placement, camera faults a chance per
// camera frame, the person's push a chance per person's move.
const (
	FaultPickMiss    = "pick-miss"    // the cup does not seal on the bowl's stone: the arm searches, then the move is redone
	FaultDrop        = "drop"         // the stone slips off the nozzle in flight (the vacuum falls): the camera sees it and the robot puts it right
	FaultOffPoint    = "off-point"    // the stone lands on a neighbouring point: the camera sees it and the robot moves it
	FaultBowlEmpty   = "bowl-empty"   // the bowl runs empty: the pick fails, the operator is called to refill it
	FaultEStop       = "estop"        // the e-stop is pressed mid-move: motion stops, the game pauses until it is released
	FaultReset       = "mcu-reset"    // the arm's controller resets mid-move (a brown-out, the watchdog): the move is made safe and redone
	FaultSerialFlip  = "serial-flip"  // a byte on the serial line has a bit flipped (--firmware): the CRC catches it, the frame is sent again
	FaultSerialDrop  = "serial-drop"  // a byte on the serial line is lost (--firmware): the frame is sent again
	FaultSerialStall = "serial-stall" // the serial line hangs for 0.7 s (--firmware): the MCU stops safely, the move is redone
	FaultUSB         = "usb-unplug"   // the USB cable is pulled mid-move and plugged back 1-4 s later: the MCU stops at its silence deadline, the driver reconnects, the move is redone
	FaultPush        = "push"         // the person's sleeve pushes a robot stone onto a neighbouring point
	FaultBump        = "bump"         // the table is bumped after a robot move: the board and its stones shift 2-6 mm and turn up to 1°; the camera sees it and the arm places on the board where it now lies
	FaultFrameDrop   = "frame-drop"   // one frame does not arrive
	FaultFrozen      = "frozen"       // the camera repeats one frame for a while
	FaultExposure    = "exposure"     // over- or under-exposed, unreadable frames for a while
	FaultUnplug      = "unplug"       // the camera is unplugged, and plugged back a while later
	FaultLight       = "light"        // the room's lighting changes: unreadable frames until the reader adapts
	FaultCover       = "cover"        // a hand or the arm covers the board for long
)

// defaultRates are the chances `all` injects each fault with.
var defaultRates = map[string]float64{
	FaultPickMiss: 0.05, FaultDrop: 0.03, FaultOffPoint: 0.05, FaultBowlEmpty: 0.02, FaultEStop: 0.03, FaultReset: 0.02, FaultSerialFlip: 0.05, FaultSerialDrop: 0.05, FaultSerialStall: 0.02, FaultUSB: 0.02,
	FaultPush: 0.05, FaultBump: 0.02,
	FaultFrameDrop: 0.02, FaultFrozen: 0.003, FaultExposure: 0.003, FaultUnplug: 0.002, FaultLight: 0.002, FaultCover: 0.002,
}

// cameraFrames is how many frames each camera fault lasts.
var cameraFrames = map[string]int{
	FaultFrameDrop: 1, FaultFrozen: 20, FaultExposure: 10, FaultUnplug: 60, FaultLight: 30, FaultCover: 150,
}

// FaultNames lists the faults in a stable order.
func FaultNames() []string {
	names := make([]string, 0, len(defaultRates))
	for n := range defaultRates {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// FaultSpec says which faults to inject and how often: each fault either
// has a chance per opportunity or fires once per game at a robot move.
type FaultSpec map[string]Trigger

// Trigger is when a fault fires: with chance Rate at each opportunity, or,
// with AtMove > 0, once per game at the robot's AtMove-th placement (camera
// faults: on the first frame after it).
type Trigger struct {
	Rate   float64
	AtMove int
}

// FaultSpecHelp documents the grammar of ParseFaults.
const FaultSpecHelp = `a comma-separated list of NAME=RATE (a chance 0-1 per opportunity: per robot
placement for arm and board faults, per camera frame for camera faults, per
person's move for push), NAME@moveN (once per game, at the robot's Nth
placement), NAME (its default rate) or all (every fault at its default rate;
later items override). Faults: pick-miss, drop, off-point, bowl-empty, estop,
mcu-reset, serial-flip, serial-drop, serial-stall (these three with --firmware),
usb-unplug, push, bump, frame-drop, frozen, exposure, unplug, light, cover.
Example: all  or  pick-miss=0.05,drop=0.02,frame-drop=0.1,estop@move10`

// ParseFaults parses a fault list (see FaultSpecHelp). An empty list
// injects nothing.
func ParseFaults(s string) (FaultSpec, error) {
	spec := FaultSpec{}
	if strings.TrimSpace(s) == "" {
		return spec, nil
	}
	for i, item := range strings.Split(s, ",") {
		item = strings.TrimSpace(item)
		where := fmt.Sprintf("fault list item %d %q", i+1, item)
		if item == "all" {
			for n, r := range defaultRates {
				spec[n] = Trigger{Rate: r}
			}
			continue
		}
		name, arg, kind := item, "", byte(0)
		if j := strings.IndexAny(item, "=@"); j >= 0 {
			name, arg, kind = item[:j], item[j+1:], item[j]
		}
		def, known := defaultRates[name]
		if !known {
			return nil, errmsg.New("err.fault-unknown", where, strconv.Quote(name), strings.Join(FaultNames(), ", "))
		}
		switch kind {
		case 0:
			spec[name] = Trigger{Rate: def}
		case '=':
			r, err := strconv.ParseFloat(arg, 64)
			if err != nil || !(r >= 0 && r <= 1) {
				return nil, errmsg.New("err.fault-rate", where, strconv.Quote(arg))
			}
			spec[name] = Trigger{Rate: r}
		case '@':
			n, err := strconv.Atoi(strings.TrimPrefix(arg, "move"))
			if !strings.HasPrefix(arg, "move") || err != nil || n < 1 {
				return nil, errmsg.New("err.fault-moment", where, strconv.Quote(arg))
			}
			spec[name] = Trigger{AtMove: n}
		}
	}
	return spec, nil
}

// String gives the list back in ParseFaults' grammar.
func (f FaultSpec) String() string {
	var items []string
	for _, n := range FaultNames() {
		t, ok := f[n]
		switch {
		case !ok:
		case t.AtMove > 0:
			items = append(items, fmt.Sprintf("%s@move%d", n, t.AtMove))
		default:
			items = append(items, n+"="+strconv.FormatFloat(t.Rate, 'g', -1, 64))
		}
	}
	return strings.Join(items, ",")
}

// A summary's "stray" count is not a fault injected but stones the
// operator was called to pick up off the grid that no pending fault
// explains (a second stone one fault scattered).

// FaultCount is what became of one kind of fault: how many were injected,
// how many the robot recovered from by itself and how many it reported to
// the operator, who put them right.
type FaultCount struct {
	Injected  int `json:"injected"`
	Recovered int `json:"recovered"`
	Reported  int `json:"reported"`
}

// injector fires the faults of a spec and keeps their counts. Faults stay
// pending from injection until they are seen recovered or reported.
type injector struct {
	mu      sync.Mutex
	spec    FaultSpec
	rng     *rand.Rand
	counts  map[string]*FaultCount
	pending map[string]int
	moves   int             // the robot's placements in this game
	fired   map[string]bool // moment faults fired this game
	log     func(errmsg.Msg)
}

func newInjector(spec FaultSpec, seed uint64, log func(errmsg.Msg)) *injector {
	return &injector{spec: spec, rng: rand.New(rand.NewPCG(seed, 0xfa017)), counts: map[string]*FaultCount{},
		pending: map[string]int{}, fired: map[string]bool{}, log: log}
}

// newGame restarts the per-game moments.
func (in *injector) newGame() {
	in.mu.Lock()
	defer in.mu.Unlock()
	in.moves, in.fired = 0, map[string]bool{}
}

// placed counts a robot placement (the clock of the moments).
func (in *injector) placed() {
	in.mu.Lock()
	in.moves++
	in.mu.Unlock()
}

// roll reports whether fault name fires at this opportunity.
func (in *injector) roll(name string) bool {
	if in == nil {
		return false
	}
	in.mu.Lock()
	defer in.mu.Unlock()
	t, ok := in.spec[name]
	switch {
	case !ok:
		return false
	case t.AtMove > 0:
		if in.moves >= t.AtMove && !in.fired[name] {
			in.fired[name] = true
			return true
		}
		return false
	}
	return in.rng.Float64() < t.Rate
}

// rand returns a number in [0, 1) from the injector's stream.
func (in *injector) rand() float64 {
	in.mu.Lock()
	defer in.mu.Unlock()
	return in.rng.Float64()
}

func (in *injector) count(name string) *FaultCount {
	c := in.counts[name]
	if c == nil {
		c = &FaultCount{}
		in.counts[name] = c
	}
	return c
}

// inject records that fault name happened; it stays pending until resolved.
func (in *injector) inject(name string, what errmsg.Msg) {
	in.mu.Lock()
	in.count(name).Injected++
	in.pending[name]++
	in.mu.Unlock()
	in.log(errmsg.M("sim.fault-injected", name, what))
}

// resolve settles one pending fault name, as recovered by the robot or
// reported to the operator; it reports whether one was pending.
func (in *injector) resolve(name string, reported bool, what errmsg.Msg) bool {
	in.mu.Lock()
	if in.pending[name] == 0 {
		in.mu.Unlock()
		return false
	}
	in.pending[name]--
	if reported {
		in.count(name).Reported++
	} else {
		in.count(name).Recovered++
	}
	in.mu.Unlock()
	if reported {
		in.log(errmsg.M("sim.fault-reported", name, what))
	} else {
		in.log(errmsg.M("sim.fault-recovered", name, what))
	}
	return true
}

// report records something reported to the operator that no injected
// fault explains.
func (in *injector) report(name string, what errmsg.Msg) {
	in.mu.Lock()
	in.count(name).Reported++
	in.mu.Unlock()
	in.log(errmsg.M("sim.reported", name, what))
}

// resolveAll settles every pending fault among names as recovered.
func (in *injector) resolveAll(what errmsg.Msg, names ...string) {
	for _, n := range names {
		for in.resolve(n, false, what) {
		}
	}
}

// pendingCount returns how many faults are still unresolved.
func (in *injector) pendingCount() int {
	in.mu.Lock()
	defer in.mu.Unlock()
	n := 0
	for _, v := range in.pending {
		n += v
	}
	return n
}

// snapshot returns the counts by fault name.
func (in *injector) snapshot() map[string]FaultCount {
	in.mu.Lock()
	defer in.mu.Unlock()
	out := map[string]FaultCount{}
	for n, c := range in.counts {
		out[n] = *c
	}
	return out
}

// settleGame settles a finished game's pending board faults: the game
// ended on a board the camera agreed with the record, so the robot put
// right every stone the faults misplaced. A board that still differs
// reports them. The person's pushes are counted here too: each was seen
// and put right, or the game would not have gone on.
func (in *injector) settleGame(record *rules.Board, w *World, pushes int) {
	truth, off := w.Truth()
	ok := len(off) == 0 && game.Compare(record, truth).Kind == game.NoChange
	for _, n := range []string{FaultDrop, FaultOffPoint} {
		for in.resolve(n, !ok, errmsg.M("sim.board-matched")) {
		}
	}
	in.mu.Lock()
	c := in.count(FaultPush)
	c.Injected += pushes
	c.Recovered += pushes
	in.mu.Unlock()
}
