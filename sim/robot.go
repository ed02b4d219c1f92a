package sim

import (
	"context"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"sort"
	"tengen/i18n/errmsg"
	"time"

	"tengen/ai"
	"tengen/arm"
	"tengen/arm/armsim"
	"tengen/calibration"
	"tengen/game"
	"tengen/kinematics"
	"tengen/rig"
	"tengen/rules"
)

// Options configure a simulation run.
type Options struct {
	Games int
	Seed  uint64
	Rule  rules.Rule
	// RobotLevel and PersonLevel are the engine levels (1–10) of the robot
	// and of the simulated person.
	RobotLevel, PersonLevel int
	// Think is the robot's time per move; the person thinks a third of it.
	Think time.Duration
	// PushRate is the chance per move that the person pushes a stone.
	PushRate float64
	// Camera reads the world; nil is the rendered camera read by vision.
	Camera Camera
	// Dir receives the journals and the SGF records.
	Dir string
	// Log receives a line for every move and event as it happens.
	Log io.Writer
	// Words and Say word the log's lines in a person's language
	// (i18n.Printer's Msg and Message); nil: English.
	Words func(errmsg.Msg) string
	Say   func(game.Message) string
	// Observe is told of every change (for the web page).
	Observe func(game.Snapshot)
	// Control carries operator requests into each game.
	Control <-chan game.Request
	// Firmware, if set, is a directory to build the firmware in: the arm
	// then runs on the real firmware in simavr over a pty instead of the
	// in-process armsim.
	Firmware string
	// Faults are injected into the arm, the board and the camera (see
	// FaultSpecHelp); a push fault overrides PushRate.
	Faults FaultSpec
	// Opening names the opening protocol each game begins with
	// (rules/opening); "" plays none. The robot is the first player in
	// even games, the second in odd ones.
	Opening string
}

// Summary is what a run reports (CLI-CONTRACT.md: tengen sim --json).
type Summary struct {
	Games           int     `json:"games"`
	Moves           int     `json:"moves"`
	MisreadMoves    int     `json:"misread_moves"`
	StonesLost      int     `json:"stones_lost"`
	StonesMisplaced int     `json:"stones_misplaced"`
	FaultsInjected  int     `json:"faults_injected"`
	FaultsRecovered int     `json:"faults_recovered"`
	FaultsReported  int     `json:"faults_reported"`
	MedianCycleS    float64 `json:"median_cycle_s"`
	// Views counts the steady views the game took; NamingViews those
	// that named points the camera could not vouch for
	// (game.Sight.Unsure): the game asks the person about those when
	// their turn drags on.
	Views       int `json:"views"`
	NamingViews int `json:"naming_views"`
	// Faults breaks the fault counts down by fault (with --faults).
	Faults  map[string]FaultCount `json:"faults,omitempty"`
	Results []string              `json:"results"`
	Records []string              `json:"records"`
}

// misplacedMM is how far from its intersection a robot's stone may lie
// before it counts as misplaced.
const misplacedMM = 4.0

// Robot is the simulated robot and its world.
type Robot struct {
	World *World
	// Sim is the in-process arm device; nil with the firmware in simavr.
	Sim  *armsim.Sim
	Arm  *arm.Arm
	Eyes *Eyes
	hand *timedHand
	dev  device       // Sim or the firmware rig
	rig  *firmwareRig // the firmware in simavr, nil for armsim
	// boardMoved, if set, is told when the arm adopted a board pose the
	// camera saw moved.
	boardMoved func(d float64)
}

// poseTolerance (mm) is how far the board may lie from where the arm
// thinks it is before the arm adopts the camera's pose: below it, the
// camera's own noise.
const poseTolerance = 0.5

// adopt has the arm place on the board where the camera sees it.
func (r *Robot) adopt(p BoardPose) error {
	d := p.apart(r.Arm.Layout())
	if d <= poseTolerance {
		return nil
	}
	if err := r.Arm.MoveBoard(p.A1, p.StepX, p.StepY); err != nil {
		return fmt.Errorf("the board was moved %.1f mm: %w", d, err)
	}
	if r.boardMoved != nil {
		r.boardMoved(d)
	}
	return nil
}

// checkPose has the camera look for the board before the arm moves, if it
// can, and the arm follow it.
func (r *Robot) checkPose() error {
	pc, ok := r.Eyes.Camera.(poseChecker)
	if !ok {
		return nil
	}
	if p := pc.CheckPose(r.World); p != nil {
		return r.adopt(*p)
	}
	return nil
}

// newRobot completes a robot of world w, arm a and camera cam.
func newRobot(w *World, a *arm.Arm, cam Camera) *Robot {
	if cam == nil {
		cam = TruthCamera{}
	}
	r := &Robot{World: w, Arm: a, Eyes: &Eyes{World: w, Camera: cam}}
	r.Eyes.onPose = r.adopt
	return r
}

// device is what the simulation asks of the arm's device beyond what the
// arm code does: its clock, the stone on its nozzle and where the nozzle
// really is, the e-stop, and faults scheduled a moment ahead (fired, if
// set, is called when the fault happened).
type device interface {
	Now() time.Duration
	Held() rules.Color
	Tip() (kinematics.Vec3, error)
	SetEStop(pressed bool)
	Sleep(ctx context.Context, d time.Duration) error
	Status(ctx context.Context) (arm.Status, error)
	SetValve(open bool) error
	pressAfter(d time.Duration, fired func())
	dropAfter(d time.Duration, fired func())
	resetAfter(d time.Duration, fired func())
	// lineAfter upsets the serial line (a FaultSerial* fault); armsim has
	// no line and ignores it.
	lineAfter(fault string, d time.Duration, fired func())
	// unplugAfter pulls the USB cable d from now and plugs it back after
	// outage.
	unplugAfter(d, outage time.Duration, fired func())
}

// simDevice is armsim, behind its cable, as a device; its moments are in
// model time.
type simDevice struct{ *cable }

func (s simDevice) pressAfter(d time.Duration, fired func()) {
	s.After(d, func(s *armsim.Sim) {
		armsim.PressEStop(s)
		fired()
	})
}

func (s simDevice) lineAfter(string, time.Duration, func()) {}

func (s simDevice) unplugAfter(d, outage time.Duration, fired func()) {
	s.unplug(d, outage)
	s.After(d, func(*armsim.Sim) { fired() })
}

func (s simDevice) resetAfter(d time.Duration, fired func()) {
	s.After(d, func(s *armsim.Sim) {
		armsim.Fault(arm.FaultReset)(s)
		fired()
	})
}

func (s simDevice) dropAfter(d time.Duration, fired func()) {
	s.After(d, func(s *armsim.Sim) {
		if armsim.DropHeld(s) {
			fired()
		}
	})
}

// NewRobot builds the world, the simulated arm and the arm code over it.
func NewRobot(seed uint64, cam Camera) (*Robot, error) {
	return NewRobotIn(NewWorld(SeedLayout(), seed), seed, cam)
}

// SeedLayout is where the simulated board, bowls and parking spot are.
func SeedLayout() kinematics.Layout { return layoutOf(armsim.SeedArm()) }

// NewRobotIn builds the simulated arm and the arm code over the world w
// (a world loaded from its file after a restart, say).
func NewRobotIn(w *World, seed uint64, cam Camera) (*Robot, error) {
	return newRobotCalibrated(w, seed, cam, armsim.SeedArm())
}

// newRobotCalibrated is NewRobotIn with the arm code calibrated as cal
// says, rightly (armsim.SeedArm) or not.
func newRobotCalibrated(w *World, seed uint64, cam Camera, cal calibration.Arm) (*Robot, error) {
	truth := armsim.SeedArm()
	s, err := armsim.New(armsim.Config{Geometry: kinematics.Geometry(truth.Geometry), Servos: truth.Servos, World: w, Seed: seed}, parkPulses(truth))
	if err != nil {
		return nil, err
	}
	c := &cable{Sim: s}
	a, err := arm.New(c, cal, arm.Options{StoneHeight: StoneHeight})
	if err != nil {
		return nil, err
	}
	if err := a.Home(context.Background()); err != nil {
		return nil, fmt.Errorf("homing the simulated arm: %w", err)
	}
	r := newRobot(w, a, cam)
	r.Sim, r.dev, r.hand = s, simDevice{c}, &timedHand{Hand: arm.Hand{Arm: a}, clock: s}
	return r, nil
}

// Hand is the robot's hand for the game: the real robot's, watched by the
// camera (rig.WatchedHand), which lifts a stone lying off its point where
// the camera sees it. On the firmware it is the recovering hand: the link
// there meets real trouble (a host delayed past the MCU's deadline on a
// loaded machine), and a failed move is then made safe and redone.
func (r *Robot) Hand() game.Hand {
	if r.rig == nil {
		return &rig.WatchedHand{Hand: r.hand, Eyes: r.Eyes}
	}
	in := newInjector(FaultSpec{}, 0, func(errmsg.Msg) {})
	return &faultyHand{inner: r.hand, r: r, in: in, logf: in.log}
}

// MedianCycle returns the median robot cycle (bowl → board → park),
// seconds of simulated arm time.
func (r *Robot) MedianCycle() float64 { return median(r.hand.cycles) }

func layoutOf(cal calibration.Arm) kinematics.Layout {
	l := kinematics.DefaultLayout
	l.A1, l.StepX, l.StepY = kinematics.Vec3(cal.BoardA1), kinematics.Vec3(cal.BoardStepX), kinematics.Vec3(cal.BoardStepY)
	l.BlackBowl, l.WhiteBowl, l.Park = kinematics.Vec3(cal.BlackBowl), kinematics.Vec3(cal.WhiteBowl), kinematics.Vec3(cal.Park)
	return l
}

func parkPulses(cal calibration.Arm) arm.Pulses {
	th, err := kinematics.Geometry(cal.Geometry).IK(kinematics.Vec3(cal.Park))
	if err != nil {
		return arm.Pulses{}
	}
	var p arm.Pulses
	for i, s := range cal.Servos {
		p[i] = uint16(math.Round(s.ZeroUS + s.USPerDegree*th[i]))
	}
	return p
}

// Close releases the simulated arm (and stops the firmware's simulator).
func (r *Robot) Close() error {
	err := r.Arm.Close()
	if r.rig != nil {
		if e := r.rig.Close(); err == nil {
			err = e
		}
	}
	return err
}

// stones counts every stone in the world: on the board, in the bowls and
// on the nozzle.
func (r *Robot) stones() int {
	n := len(r.World.Board()) + r.World.InBowl(rules.Black) + r.World.InBowl(rules.White)
	if r.dev.Held() != rules.Empty {
		n++
	}
	return n
}

// timedHand measures each robot cycle (bowl → board → park) in the
// simulated arm's time.
type timedHand struct {
	arm.Hand
	clock   interface{ Now() time.Duration }
	start   time.Duration
	placing bool
	cycles  []float64
}

func (h *timedHand) Place(ctx context.Context, p rules.Point, c rules.Color) error {
	h.start, h.placing = h.clock.Now(), true
	return h.Hand.Place(ctx, p, c)
}

func (h *timedHand) Park(ctx context.Context) error {
	err := h.Hand.Park(ctx)
	if h.placing && err == nil {
		h.cycles = append(h.cycles, (h.clock.Now() - h.start).Seconds())
	}
	h.placing = false
	return err
}

// Run plays opt.Games games of the robot against the simulated person,
// clearing the board between them, and reports what happened.
func Run(ctx context.Context, opt Options) (Summary, error) {
	if opt.Games <= 0 {
		opt.Games = 1
	}
	if opt.Think <= 0 {
		opt.Think = 300 * time.Millisecond
	}
	words, say := opt.Words, opt.Say
	if words == nil {
		words = errmsg.Msg.String
	}
	if say == nil {
		say = func(m game.Message) string { return m.Text }
	}
	// line writes a line of the log; logf, an indented one (what
	// happens within a game).
	line := func(s string) {
		if opt.Log != nil {
			fmt.Fprintln(opt.Log, s)
		}
	}
	logf := func(m errmsg.Msg) { line("  " + words(m)) }
	var r *Robot
	var err error
	if opt.Firmware != "" {
		r, err = NewFirmwareRobot(ctx, NewWorld(SeedLayout(), opt.Seed), opt.Firmware, opt.Camera)
	} else {
		r, err = NewRobot(opt.Seed, opt.Camera)
	}
	if err != nil {
		return Summary{}, err
	}
	defer r.Close()
	var sum Summary
	before := r.stones() // the person brings their own stones: added below
	hand := r.Hand()
	var inj *injector
	if len(opt.Faults) > 0 || opt.Firmware != "" {
		// The firmware's link meets real trouble (a host delayed past the
		// MCU's deadline on a loaded machine): its moves are always redone
		// safely, as with injected faults.
		inj = newInjector(opt.Faults, opt.Seed, logf)
		hand = &faultyHand{inner: r.hand, r: r, in: inj, logf: logf}
		r.boardMoved = func(d float64) {
			logf(errmsg.M("sim.board-moved", fmt.Sprintf("%.1f", d)))
			inj.resolveAll(errmsg.M("sim.bump-followed"), FaultBump)
		}
	}
	if len(opt.Faults) > 0 {
		cam := &faultyCamera{Camera: r.Eyes.Camera, in: inj}
		r.Eyes.Camera = cam
		r.Eyes.onSteady = func() {
			if cam.idle() {
				inj.resolveAll(errmsg.M("sim.camera-back"), cameraFaults...)
			}
		}
	}
	for g := 1; g <= opt.Games; g++ {
		robot := rules.White
		if g%2 == 0 {
			robot = rules.Black
		}
		seed := opt.Seed*1000 + uint64(g)
		personEngine := ai.NewEngine(ai.EngineOptions{Level: opt.PersonLevel, Seed: seed, Threads: 1})
		person := NewPerson(robot.Opponent(), personEngine, opt.Rule, seed)
		person.Limits = ai.Limits{TurnTime: opt.Think / 3}
		person.PushRate = opt.PushRate
		if inj != nil {
			inj.newGame()
			if _, ok := opt.Faults[FaultPush]; ok {
				person.PushRoll = func() bool { return inj.roll(FaultPush) }
			}
		}
		r.Eyes.People = []*Person{person}

		cfg := game.Config{Rule: opt.Rule.String(), Size: r.World.Layout.Size}
		engine := ai.NewEngine(ai.EngineOptions{Level: opt.RobotLevel, Seed: seed + 1, Threads: 1})
		name := fmt.Sprintf("Tengen level %d", max(1, opt.RobotLevel))
		personName := fmt.Sprintf("simulated person (level %d)", max(1, opt.PersonLevel))
		s := &game.Session{Limits: ai.Limits{TurnTime: opt.Think}, Eyes: r.Eyes, Hand: hand, Control: opt.Control,
			Voice: voiceFunc(func(m game.Message) { line("  " + say(m)) }), Observe: opt.Observe, MaxWrongViews: 200}
		if robot == rules.Black {
			s.Black, cfg.Black, cfg.White = engine, name, personName
		} else {
			s.White, cfg.Black, cfg.White = engine, personName, name
		}
		s.Config = cfg
		if s.Referee, err = game.NewReferee(cfg); err != nil {
			return sum, err
		}
		if opt.Opening != "" {
			if err := seatOpening(opt.Opening, s, engine, seatOf(robot), person, personEngine); err != nil {
				return sum, err
			}
			cfg = s.Config
		}
		person.Follow(s.Referee)
		journal := filepath.Join(opt.Dir, fmt.Sprintf("game-%03d.journal", g))
		if s.Journal, err = game.CreateJournal(journal); err != nil {
			return sum, err
		}
		if err := s.Journal.Append(game.Entry{Type: game.EntryStart, Config: &cfg}); err != nil {
			return sum, err
		}
		if s.Opening != nil {
			line(words(errmsg.M("sim.game-opening", g, cfg.Black, cfg.White, cfg.Rule, cfg.Opening)))
		} else {
			line(words(errmsg.M("sim.game", g, cfg.Black, cfg.White, cfg.Rule)))
		}
		out, err := s.Play(ctx)
		s.Journal.Close()
		if err != nil {
			return sum, errmsg.Wrap(err, "err.game-n", g)
		}
		recPath := filepath.Join(opt.Dir, fmt.Sprintf("game-%03d.sgf", g))
		if err := s.WriteRecord(recPath); err != nil {
			return sum, err
		}
		sum.Games++
		sum.Moves += len(s.Referee.Moves())
		sum.Results = append(sum.Results, out.String())
		sum.Records = append(sum.Records, recPath)
		sum.MisreadMoves += misreads(s, person, r.World)
		for _, m := range misplaced(s, person, r.World) {
			sum.StonesMisplaced++
			line(words(errmsg.M("sim.misplaced", m.p, m.mm)))
		}
		before += person.Brought
		sum.FaultsRecovered += person.Pushes // every push was seen and put right, or the game would not have ended
		sum.FaultsInjected += person.Pushes
		if inj != nil {
			inj.settleGame(s.Referee.Board(), r.World, person.Pushes)
		}
		line(words(errmsg.M("sim.game-result", g, say(game.OutcomeMessage(out)), recPath)))

		if err := game.ClearBoard(ctx, r.Eyes, hand); err != nil {
			return sum, errmsg.Wrap(err, "err.clearing-after", g)
		}
	}
	sum.StonesLost = before - r.stones()
	if len(opt.Faults) > 0 {
		sum.Faults = inj.snapshot()
		sum.FaultsInjected, sum.FaultsRecovered, sum.FaultsReported = 0, 0, 0
		for _, c := range sum.Faults {
			sum.FaultsInjected += c.Injected
			sum.FaultsRecovered += c.Recovered
			sum.FaultsReported += c.Reported
		}
	}
	sum.MedianCycleS = median(r.hand.cycles)
	sum.Views, sum.NamingViews = r.Eyes.Views, r.Eyes.Naming
	return sum, nil
}

// misreads counts the person's moves the game recorded on another point
// than the one the person really played.
func misreads(s *game.Session, p *Person, w *World) int {
	var recorded []rules.Point
	for _, m := range s.Referee.Moves()[min(p.OpeningMoves, len(s.Referee.Moves())):] {
		if m.C == p.Color {
			recorded = append(recorded, m.P)
		}
	}
	n := 0
	for i, q := range p.Played {
		if i >= len(recorded) || recorded[i] != q {
			n++
		}
	}
	return n + max(0, len(recorded)-len(p.Played))
}

// misplacedStone is a robot's stone lying off its intersection at the end
// of a game, and how many mm off ("-" when none lies within half a step).
type misplacedStone struct {
	p  rules.Point
	mm string
}

// misplaced lists the robot's stones lying further than misplacedMM from
// their intersection at the end of the game (in the main game those of its
// colour, in the opening those the person did not put down), so a soak's
// log names each one.
func misplaced(s *game.Session, p *Person, w *World) []misplacedStone {
	var out []misplacedStone
	for i, m := range s.Referee.Moves() {
		robots := s.Black != nil && m.C == rules.Black || s.White != nil && m.C == rules.White
		if i < p.OpeningMoves {
			robots = !p.putInOpening[m.P]
		}
		if m.P.IsPass() || !robots {
			continue
		}
		if d, ok := w.Offset(m.P); !ok {
			out = append(out, misplacedStone{m.P, "-"})
		} else if d > misplacedMM {
			out = append(out, misplacedStone{m.P, fmt.Sprintf("%.1f", d)})
		}
	}
	return out
}

func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

type voiceFunc func(game.Message)

func (f voiceFunc) Say(m game.Message) { f(m) }
