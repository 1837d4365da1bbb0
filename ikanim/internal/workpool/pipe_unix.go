//go:build unix

package workpool

import "os"

// pipe returns a pipe whose reads park in the runtime's network poller (on
// Unix, os.Pipe's ends are non-blocking and registered with it).
func pipe() (r, w *os.File, err error) { return os.Pipe() }
