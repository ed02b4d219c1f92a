package referee_test

import (
	"testing"

	"tengen/referee"
)

// The referee reads every steady view against the record; on a Pi this
// must stay far below a camera frame.
func BenchmarkExamine(b *testing.B) {
	record := board(b, "h8 i9 j10 g7 k8 h10 j8 i7 f6 g9", "h9 i10 g8 j9 k7 h7 g10 i8 f7 j7")
	seen := board(b, "h8 i9 j10 g7 k8 h10 j8 i7 f6 g9 l12", "h9 i10 g8 j9 k7 h7 g11 i8 f7")
	for b.Loop() {
		referee.Examine(record, seen)
	}
}

// Planning the rebuild of a fully scattered 40-stone board.
func BenchmarkPlan(b *testing.B) {
	want := board(b, "h8 i9 j10 g7 k8 h10 j8 i7 f6 g9 a1 b2 c3 d4 e5 f1 g2 h3 i4 j5", "h9 i10 g8 j9 k7 h7 g10 i8 f7 j7 o15 n14 m13 l12 k11 o1 n2 m3 l4 k5")
	seen := board(b, "h7 i8 j9 g6 k7 h9 j7 i6 f5 g8 a2 b3 c4 d5 e6 f2 g3 h4 i5 j6", "h10 i11 g9 j10 k8 h8 g11 i9 f8 j8 o14 n13 m12 l11 k10 o2 n3 m4 l5 k6")
	for b.Loop() {
		referee.Plan(want, seen)
	}
}
