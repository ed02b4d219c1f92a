package ai

import (
	"sync/atomic"
	"unsafe"
)

// Bounds stored with a score.
const (
	boundExact = 1
	boundLower = 2 // score >= stored (a fail-high)
	boundUpper = 3 // score <= stored (a fail-low)
)

// transTable is the main search's transposition table, shared by all
// threads without locks: each entry stores key^data beside data, so a torn
// write from two threads fails the key check instead of returning garbage.
type transTable struct {
	entries []ttEntry
	mask    uint64
	gen     atomic.Uint32
}

type ttEntry struct {
	check atomic.Uint64 // hash ^ data
	data  atomic.Uint64
}

// ttEntrySize is the bytes one entry takes.
const ttEntrySize = 16

// newTransTable makes a table of at most bytes bytes (at least 1024 entries).
func newTransTable(bytes int64) *transTable {
	n := uint64(1024)
	for n*2*ttEntrySize <= uint64(bytes) {
		n *= 2
	}
	t := &transTable{entries: make([]ttEntry, n), mask: n - 1}
	adviseHuge(unsafe.Pointer(&t.entries[0]), int(n)*ttEntrySize)
	return t
}

// ttData layout: move 16 bits | score 16 | depth 8 | bound 2 | generation 8.
func packTT(move cell, score, depth, bound int, gen uint32) uint64 {
	return uint64(uint16(move)) | uint64(uint16(int16(score)))<<16 |
		uint64(uint8(max(depth, 0)))<<32 | uint64(bound)<<40 | uint64(gen&0xff)<<48
}

func (t *transTable) probe(h uint64) (move cell, score, depth, bound int, ok bool) {
	e := &t.entries[h&t.mask]
	d := e.data.Load()
	if e.check.Load()^d != h || d == 0 {
		return noCell, 0, 0, 0, false
	}
	return cell(int16(uint16(d))), int(int16(uint16(d >> 16))), int(uint8(d >> 32)), int(d>>40) & 3, true
}

// prefetch starts loading the entry of hash h.
func (t *transTable) prefetch(h uint64) {
	prefetch(uintptr(unsafe.Pointer(&t.entries[h&t.mask])))
}

func (t *transTable) store(h uint64, move cell, score, depth, bound int) {
	e := &t.entries[h&t.mask]
	gen := t.gen.Load()
	old := e.data.Load()
	if e.check.Load()^old == h {
		// Same position: keep a deeper exact result from this search.
		if int(uint8(old>>32)) > depth+2 && uint32(old>>48)&0xff == gen&0xff && bound != boundExact {
			return
		}
		if move == noCell {
			move = cell(int16(uint16(old)))
		}
	} else if old != 0 && uint32(old>>48)&0xff == gen&0xff && int(uint8(old>>32)) > depth+3 {
		// Another position searched much deeper in this search stays.
		return
	}
	d := packTT(move, score, depth, bound, gen)
	e.data.Store(d)
	e.check.Store(h ^ d)
}

// newSearch ages the table so that old entries give way.
func (t *transTable) newSearch() { t.gen.Add(1) }

// clear empties the table, as new: between searches (the engine's lock
// held), so with plain stores, and not at all when no search has run since
// it was made or last cleared. An atomic store per word took seconds for a
// table of 128 MiB on a busy machine, and a fresh table's first clearing
// faults all of it in; a Gomocup manager charged that to RESTART or to the
// game's first move.
func (t *transTable) clear() {
	if t.gen.Load() == 0 {
		return
	}
	clear(t.entries)
	t.gen.Store(0)
}
