package opening

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"tengen/rules"
)

// Player is one of the two people (or programs) at the board. First is the
// tentative Black at the start; a swap exchanges the colours, never the
// players.
type Player int8

const (
	First Player = iota
	Second
)

// Other returns the opponent.
func (p Player) Other() Player { return 1 - p }

func (p Player) String() string {
	if p == Second {
		return "second player"
	}
	return "first player"
}

// ActionKind is what a player may do during an opening.
type ActionKind int8

const (
	// Place puts one stone (Action.Point) of the colour the step asks for.
	Place ActionKind = iota + 1
	// Pass gives up a move where the rules count a pass as a move (the
	// free 4th move of the RIF family of rules).
	Pass
	// Swap exchanges the colours of the two players.
	Swap
	// Keep declines an offered swap.
	Keep
	// Declare says how many fifth moves will be offered (Action.N).
	Declare
	// Offer puts the fifth-move proposals (Action.Points) on the board.
	Offer
	// Choose picks one of the offered fifth moves (Action.Point).
	Choose
)

var kindNames = [...]string{Place: "place", Pass: "pass", Swap: "swap", Keep: "keep", Declare: "declare", Offer: "offer", Choose: "choose"}

func (k ActionKind) String() string {
	if k > 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "action(" + strconv.Itoa(int(k)) + ")"
}

// Action is one thing a player does. Only the fields its Kind names are
// read.
type Action struct {
	Kind   ActionKind
	Point  rules.Point   // Place, Choose
	Points []rules.Point // Offer
	N      int           // Declare
}

func (a Action) String() string {
	switch a.Kind {
	case Place, Choose:
		return a.Kind.String() + " " + a.Point.String()
	case Offer:
		return "offer " + rules.FormatPoints(a.Points)
	case Declare:
		return "declare " + strconv.Itoa(a.N)
	}
	return a.Kind.String()
}

// done is the node index after the last step.
const done = -1

// auto asks seq to link an option to the following node.
const auto = -2

// option is one action allowed at a step and where it leads.
type option struct {
	kind     ActionKind
	stone    rules.Color // Place, Pass, Offer: the colour of the move
	side     int         // Place: central square side, 0 for anywhere
	min, max int         // Declare: bounds; Offer: min is the count, 0 for the declared N
	next     int
}

// node is one step of a protocol: the player holding actor's colour acts.
type node struct {
	actor rules.Color
	what  string
	opts  []option
}

// Protocol is an opening rule: the steps from the empty board to the
// first move of the main game. Get one with ByName or Protocols.
type Protocol struct {
	name, summary string
	nodes         []node
}

// Name returns the protocol's name as ByName accepts it.
func (p Protocol) Name() string { return p.name }

// Summary says in one line what the protocol is.
func (p Protocol) Summary() string { return p.summary }

// MaxDeclared bounds the number of fifth moves a Yamaguchi player may
// declare. The rule itself names no limit; a bound keeps the offers
// placeable on any board the package supports.
const MaxDeclared = 10

// Step constructors. The actor is named by colour: "Black" is whoever
// holds black at that moment, which a swap changes.

func place(actor, stone rules.Color, side int, what string) node {
	return node{actor, what, []option{{kind: Place, stone: stone, side: side, next: auto}}}
}

// placeOrPass is a free move of the RIF family, where a move may be a pass.
func placeOrPass(actor rules.Color, what string) node {
	n := place(actor, actor, 0, what)
	n.opts = append(n.opts, option{kind: Pass, stone: actor, next: auto})
	return n
}

func swapOrKeep(actor rules.Color, what string) node {
	return node{actor, what, []option{{kind: Swap, next: auto}, {kind: Keep, next: auto}}}
}

func declare(actor rules.Color, min, max int, what string) node {
	return node{actor, what, []option{{kind: Declare, min: min, max: max, next: auto}}}
}

// offer asks Black for count fifth moves, or for the declared number when
// count is 0.
func offer(count int, what string) node {
	return node{rules.Black, what, []option{{kind: Offer, stone: rules.Black, min: count, next: auto}}}
}

func choose(what string) node {
	return node{rules.White, what, []option{{kind: Choose, stone: rules.Black, next: auto}}}
}

// seq links each auto option to the node that follows it, the last to done.
func seq(nodes ...node) []node {
	for i := range nodes {
		for j := range nodes[i].opts {
			if nodes[i].opts[j].next == auto {
				nodes[i].opts[j].next = i + 1
				if i+1 == len(nodes) {
					nodes[i].opts[j].next = done
				}
			}
		}
	}
	return nodes
}

const (
	black = rules.Black
	white = rules.White
)

// first3 is how a renju opening starts: the tentative Black lays Black 1
// on the centre, White 2 touching it and Black 3 in the central side3
// square (5: one of the 26 openings; 7: one of 52; 0: anywhere).
func first3(side2, side3 int) []node {
	return []node{
		place(black, black, 1, "Black 1 on the centre"),
		place(black, white, side2, "White 2, placed by the tentative Black, "+region(side2, "touching Black 1")),
		place(black, black, side3, "Black 3, placed by the tentative Black, "+region(side3, "")),
	}
}

func region(side int, touching string) string {
	switch {
	case touching != "" && side == 3:
		return touching
	case side == 0:
		return "anywhere"
	}
	return fmt.Sprintf("in the central %dx%d square", side, side)
}

func free() Protocol {
	return Protocol{"free", "no opening rule: Black plays move 1 anywhere", nil}
}

func centre() Protocol {
	return Protocol{"centre", "Black 1 on the centre, White 2 touching it, then free play", seq(
		place(black, black, 1, "Black 1 on the centre"),
		place(white, white, 3, "White 2 touching Black 1"),
	)}
}

func rif() Protocol {
	return Protocol{"rif", "RIF rule (三手交换五手两打): one of the 26 openings, swap, White 4, two fifth-move offers", seq(append(first3(3, 5),
		swapOrKeep(white, "the tentative White may swap"),
		placeOrPass(white, "White 4 anywhere"),
		offer(2, "Black offers two fifth moves, not symmetric to each other"),
		choose("White chooses the fifth move"),
	)...)}
}

// yamaguchi covers the Yamaguchi rule (side3 5), its 52-opening form
// (side3 7) and the form with only Black 1 fixed (side2 = side3 = 0).
func yamaguchi(name, summary string, side2, side3 int) Protocol {
	return Protocol{name, summary, seq(append(first3(side2, side3),
		declare(black, 1, MaxDeclared, "the tentative Black declares how many fifth moves he will offer"),
		swapOrKeep(white, "the tentative White may swap"),
		placeOrPass(white, "White 4 anywhere"),
		offer(0, "Black offers the declared number of fifth moves, none symmetric to another"),
		choose("White chooses the fifth move"),
	)...)}
}

func soosorv(n int) Protocol {
	name := "soosorv" // the original rule, N = 4
	if n != 4 {
		name = fmt.Sprintf("soosorv-%d", n)
	}
	return Protocol{name,
		fmt.Sprintf("Soosõrv-%d: one of the 26 openings, swap, White 4 and a declared 1-%d fifth moves, swap, offers", n, n),
		seq(append(first3(3, 5),
			swapOrKeep(white, "the tentative White may swap"),
			placeOrPass(white, "White 4 anywhere"),
			declare(white, 1, n, fmt.Sprintf("White declares how many fifth moves Black will offer (1-%d)", n)),
			swapOrKeep(black, "the tentative Black may swap"),
			offer(0, "Black offers the declared number of fifth moves, none symmetric to another"),
			choose("White chooses the fifth move"),
		)...)}
}

// tarannikovTo4 is the part Tarannikov and Taraguchi share: a swap chance
// after every move, each move in a growing central square.
func tarannikovTo4() []node {
	return []node{
		place(black, black, 1, "Black 1 on the centre"),
		swapOrKeep(white, "White may swap"),
		place(white, white, 3, "White 2 touching Black 1"),
		swapOrKeep(black, "Black may swap"),
		place(black, black, 5, "Black 3 in the central 5x5 square"),
		swapOrKeep(white, "White may swap"),
		place(white, white, 7, "White 4 in the central 7x7 square"),
	}
}

func tarannikov() Protocol {
	return Protocol{"tarannikov", "Tarannikov: a swap after each of moves 1-5, move k in the central (2k-1)x(2k-1) square", seq(append(tarannikovTo4(),
		swapOrKeep(black, "Black may swap"),
		place(black, black, 9, "Black 5 in the central 9x9 square"),
		swapOrKeep(white, "White may swap"),
	)...)}
}

func taraguchi(n int) Protocol {
	nodes := seq(append(tarannikovTo4(),
		node{black, fmt.Sprintf("Black may swap and play move 5 in the central 9x9 square, or offer %d fifth moves", n), []option{
			{kind: Swap, next: 8},
			{kind: Keep, next: 8},
			{kind: Offer, stone: black, min: n, next: 10},
		}},
		place(black, black, 9, "Black 5 in the central 9x9 square"),
		swapOrKeep(white, "White may swap"),
		choose("White chooses the fifth move"),
	)...)
	nodes[9].opts[0].next, nodes[9].opts[1].next = done, done // the swap ends choice 1
	name := "taraguchi"
	if n != 5 {
		name = fmt.Sprintf("taraguchi-%d", n)
	}
	return Protocol{name, fmt.Sprintf("Taraguchi-%d: Tarannikov to move 4, then swap and a 9x9 fifth move, or %d fifth-move offers", n, n), nodes}
}

func swap() Protocol {
	return Protocol{"swap", "freestyle swap: the first player lays Black, White, Black anywhere; the second chooses a colour", seq(
		place(black, black, 0, "Black 1 anywhere"),
		place(black, white, 0, "White 2, placed by the first player, anywhere"),
		place(black, black, 0, "Black 3, placed by the first player, anywhere"),
		swapOrKeep(white, "the second player chooses a colour: keep White or swap to Black"),
	)}
}

func swap2() Protocol {
	return Protocol{"swap2", "Swap2 (Gomocup): three stones, then keep, swap, or add two stones and let the first player choose", seq(
		place(black, black, 0, "Black 1 anywhere"),
		place(black, white, 0, "White 2, placed by the first player, anywhere"),
		place(black, black, 0, "Black 3, placed by the first player, anywhere"),
		node{white, "the second player keeps White, swaps to Black, or places White 4 and Black 5", []option{
			{kind: Keep, next: done},
			{kind: Swap, next: done},
			{kind: Place, stone: white, next: auto},
		}},
		place(white, black, 0, "Black 5, placed by the second player, anywhere"),
		swapOrKeep(black, "the first player chooses a colour: keep Black or swap to White"),
	)}
}

// named lists the protocols by name; parametrised ones take "-N".
var named = map[string]func() Protocol{
	"free":   free,
	"centre": centre,
	"rif":    rif,
	"yamaguchi": func() Protocol {
		return yamaguchi("yamaguchi", "Yamaguchi: one of the 26 openings and a declared N, swap, White 4, N fifth-move offers", 3, 5)
	},
	"five-move-n": func() Protocol {
		return yamaguchi("five-move-n", "五手N打 (Chinese five-move N offers): as Yamaguchi, N declared with the opening", 3, 5)
	},
	"yamaguchi-52": func() Protocol {
		return yamaguchi("yamaguchi-52", "Yamaguchi with the 52 openings: Black 3 anywhere in the central 7x7 square", 3, 7)
	},
	"yamaguchi-centre": func() Protocol {
		return yamaguchi("yamaguchi-centre", "Yamaguchi from a free start: Black 1 on the centre, White 2 and Black 3 anywhere", 0, 0)
	},
	"soosorv":    func() Protocol { return soosorv(4) },
	"soosorv-8":  func() Protocol { return soosorv(8) },
	"tarannikov": tarannikov,
	"taraguchi":  func() Protocol { return taraguchi(5) },
	"taraguchi-10": func() Protocol {
		return taraguchi(10)
	},
	"swap":  swap,
	"swap2": swap2,
}

// Protocols returns every named protocol, sorted by name.
func Protocols() []Protocol {
	names := make([]string, 0, len(named))
	for n := range named {
		names = append(names, n)
	}
	sort.Strings(names)
	out := make([]Protocol, len(names))
	for i, n := range names {
		out[i] = named[n]()
	}
	return out
}

// ByName returns a protocol by name, in any case: one of those Protocols
// lists, or "soosorv-N" (N 1-10) or "taraguchi-N" (N 1-20) for another N.
func ByName(s string) (Protocol, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	t = strings.ReplaceAll(t, "õ", "o")
	if f, ok := named[t]; ok {
		return f(), nil
	}
	for _, fam := range []struct {
		prefix string
		max    int
		make   func(int) Protocol
	}{{"soosorv-", 10, soosorv}, {"taraguchi-", 20, taraguchi}} {
		if rest, ok := strings.CutPrefix(t, fam.prefix); ok {
			n, err := strconv.Atoi(rest)
			if err != nil || n < 1 || n > fam.max {
				return Protocol{}, fmt.Errorf("opening rule %q: N must be a number from 1 to %d", s, fam.max)
			}
			return fam.make(n), nil
		}
	}
	names := make([]string, 0, len(named))
	for n := range named {
		names = append(names, n)
	}
	sort.Strings(names)
	return Protocol{}, fmt.Errorf("unknown opening rule %q (want one of %s, soosorv-N or taraguchi-N)", s, strings.Join(names, ", "))
}
