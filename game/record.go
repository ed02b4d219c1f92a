package game

import (
	"os"
	"path/filepath"
	"tengen/i18n/errmsg"
	"time"

	"tengen/rules"
	"tengen/rules/record"
)

// Record returns the game as a record: players, rule, opening, result
// and moves.
func (s *Session) Record() *record.Record {
	r := &record.Record{Size: s.Referee.Size(), Rule: s.Referee.Rule(), Black: s.Config.Black, White: s.Config.White,
		Opening: s.Config.Opening, Date: time.Now().Format("2006-01-02"), Event: "Tengen"}
	for i, m := range s.Referee.Moves() {
		mv := record.Move{Color: m.C, Point: m.P}
		if i < len(s.times) {
			mv.Time = s.times[i].Round(time.Millisecond)
		}
		r.Moves = append(r.Moves, mv)
	}
	if out := s.Referee.Outcome(); out.Over {
		r.Result = record.Result{Winner: out.Winner, Draw: out.Winner == rules.Empty}
		switch out.Reason {
		case rules.Resignation:
			r.Result.Reason = record.ReasonResign
		case rules.Time:
			r.Result.Reason = record.ReasonTime
		case rules.ForbiddenMove:
			r.Result.Reason = out.Code()
		}
	}
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
