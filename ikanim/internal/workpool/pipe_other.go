//go:build !unix

package workpool

import (
	"errors"
	"os"
)

// pipe is not used here (pipes are not pollable on every such platform):
// signals fall back to channels.
func pipe() (r, w *os.File, err error) { return nil, nil, errors.ErrUnsupported }
