package ikanim

import (
	"io/fs"
	"os"
	"time"
)

// FileWatch tells when a file has changed, for games that reload a
// definition while they run (a rig file edited in a text editor). Poll
// Changed a few times a second from Update: it only stats the file, it does
// not read it. The zero value with a Name watches a file of the operating
// system.
//
//	watch := &ikanim.FileWatch{Name: "hero.rig.json"}
//	// every 0.25 s:
//	if changed, err := watch.Changed(); err == nil && changed {
//		f, _ := os.Open(watch.Name)
//		def, err := ikanim.LoadRigDef(f, sprites) // keep the old def on error
//		f.Close()
//		...
//	}
type FileWatch struct {
	// FS is the file system holding Name (nil: the operating system's, and
	// Name is a path).
	FS fs.FS
	// Name is the file's name in FS, or its path.
	Name string

	mod  time.Time
	size int64
	seen bool
}

// Changed reports whether the file's modification time or size differs
// from what the previous call saw. The first successful call reports true
// (the file has not been loaded yet). An error (a missing file, while an
// editor replaces it) changes nothing: the next successful call compares
// with the last state seen.
func (w *FileWatch) Changed() (bool, error) {
	var info fs.FileInfo
	var err error
	if w.FS != nil {
		info, err = fs.Stat(w.FS, w.Name)
	} else {
		info, err = os.Stat(w.Name)
	}
	if err != nil {
		return false, err
	}
	mod, size := info.ModTime(), info.Size()
	changed := !w.seen || !mod.Equal(w.mod) || size != w.size
	w.mod, w.size, w.seen = mod, size, true
	return changed, nil
}
