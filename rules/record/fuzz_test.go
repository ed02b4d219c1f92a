package record

import (
	"errors"
	"reflect"
	"testing"
)

// fuzzFormat checks that reading never panics, that a failure is a
// *SyntaxError with a line, and that whatever reads writes back in the
// same format and reads again to the same record.
func fuzzFormat(f *testing.F, format Format, seeds []string) {
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := Read(data, format)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) || se.Line < 1 || se.Msg == "" {
				t.Fatalf("error %v is not a *SyntaxError with a line", err)
			}
			return
		}
		out, err := Write(r, format)
		if err != nil {
			if format == FormatSGF {
				t.Fatalf("SGF cannot write what it read: %v", err)
			}
			return // e.g. PSQ and move lists cannot hold every record
		}
		back, err := Read(out, format)
		if err != nil {
			t.Fatalf("cannot read what was written: %v\n%s", err, out)
		}
		if !reflect.DeepEqual(r, back) {
			t.Fatalf("round trip changed the record:\n got %+v\nwant %+v\nwritten:\n%s", back, r, out)
		}
	})
}

func FuzzReadSGF(f *testing.F) {
	fuzzFormat(f, FormatSGF, []string{
		"(;FF[4]GM[4]SZ[15]RU[renju]PB[Ann]PW[Bob]RE[B+R]DT[2026-11-22];B[hh]MT[1.5]C[hi];W[ih];B[ii])",
		"(;SZ[15];B[hh](;W[ih];B[jh])(;W[hg]))",
		"(;gm[4]sz[19];b[jj];w[];B[tt])",
		"(;PB[a\\]b]C[x\\\ny]GC[game];C[c];B[hh])",
		"(;SZ[15:15]RE[0]EV[e]ON[Kansei];W[aa];B[oo])",
		"(;B[hh]",
		"(;AB[hh])",
		"(;SZ[15]AB[hh][ii]AW[hi];W[ih]B[jj])",
		"",
	})
}

func FuzzReadPSQ(f *testing.F) {
	fuzzFormat(f, FormatPSQ, []string{
		"Piskvorky 15x15, 11:11, 0\n8,8,1500\n9,8,800\nAlice\nBob\n0\n",
		"Piskvorky 20x20, 11:11, 1\r\n10,10,0\r\n11,10,1203\r\npbrain-a.zip\r\npbrain-b.zip\r\n-1\r\n1,Freestyle20\r\n",
		"Piskvorky 15x15, 0:0, 0\n8,8\n1,1\nhomo-1\nhomo-2\n-1\n",
		"Piskvorky 15x15, 0:0, 0\n16,1,0\n",
		"Piskvorky 7x7",
	})
}

func FuzzReadMoves(f *testing.F) {
	fuzzFormat(f, FormatMoves, []string{
		"h8 h9 i9 g7 j10",
		"# a game\nsize: 19\nrule: renju\nblack: Ann\nresult: W+T\n1. j10 k10 2. pass, k11\n",
		"1.h8 2.h9 3)i9 # comment",
		"h8 h8",
		"size: 5\ne5 a1",
	})
}

func FuzzReadChinese(f *testing.F) {
	fuzzFormat(f, FormatChinese, []string{
		"黑方 Black: Ann\n白方 White: Bob\n规则 Rule: renju\n结果 Result: W+\n① H8  2 H9  ③ J10  4 G7\n",
		"①H8 2 H9 ③弃权 4 pass",
		"棋盘：9\n① E5 2 A1",
		"(51) H8",
		"① H8 ③ H9",
		"黑方 Black: A\n①H8 2I9\n",
		"① pass 2 弃权",
	})
}
