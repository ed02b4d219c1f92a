package game

import (
	"os"
	"path/filepath"
	"time"

	"tengen/i18n/errmsg"
	"tengen/rules/record"
)

// Record returns the game as a record: players, rule, opening, result
// and moves.
func (s *Session) Record() *record.Record {
	r := &record.Record{Size: s.Referee.Size(), Rule: s.Referee.Rule(), Black: s.Config.Black, White: s.Config.White,
		Opening: s.Config.Opening, Date: time.Now().Format("2006-01-02"), Event: "Tengen"}
	r.Moves = record.Moves(s.Referee.Moves(), s.times)
	out := s.Referee.Outcome()
	if !out.Over {
		// A game over that its moves do not decide (a resignation, a
		// loss on time), rebuilt by LoadOver: its journal's end says.
		out = s.end
	}
	r.Result = record.ResultOf(out)
	return r
}

// WriteRecord writes the game as SGF to path, syncing it to disk.
func (s *Session) WriteRecord(path string) error {
	data, err := record.Write(s.Record(), record.FormatSGF)
	if err != nil {
		return errmsg.Wrap(err, "err.writing-record")
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return errmsg.Wrap(err, "err.writing-record")
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return errmsg.Wrap(err, "err.writing-record")
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
