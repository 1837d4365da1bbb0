package quality

import (
	"bufio"
	"io"
	"math"
	"strconv"
)

// Sample holds the figures of one frame: the per-frame series a Meter keeps
// in a Series, for live graphs and CSV files.
type Sample struct {
	// Frame is the frame's number (Meter.Frames after its Frame call).
	Frame int
	// Contacts is how many contact points were measured; GapMax is the
	// largest contact gap among them and Penetration the deepest
	// penetration, px (0 when none).
	Contacts            int
	GapMax, Penetration float64
	// Stances is how many stances ended in the frame and SlipMax the
	// largest slip among them, px.
	Stances int
	SlipMax float64
	// BodyPop is the largest body offset change, px; JointPop the largest
	// joint angle change, degrees.
	BodyPop, JointPop float64
	// NaNs counts the NaN and Inf values seen.
	NaNs int
}

// Series keeps the Samples of the last Cap() frames in a ring allocated
// once: give it to Meter.Series and the meter fills one Sample per frame
// without allocating.
type Series struct {
	buf  []Sample
	next int // where the next frame's sample goes
	n    int // samples held
}

// NewSeries returns a series that keeps the last n frames. It panics if n
// is below 1.
func NewSeries(n int) *Series {
	if n < 1 {
		panic("quality: NewSeries: n " + strconv.Itoa(n) + " must be at least 1")
	}
	return &Series{buf: make([]Sample, n)}
}

// Len returns how many frames the series holds, at most Cap().
func (s *Series) Len() int { return s.n }

// Cap returns how many frames the series keeps.
func (s *Series) Cap() int { return len(s.buf) }

// At returns sample i, 0 the oldest held and Len()-1 the newest. It panics
// if i is out of range.
func (s *Series) At(i int) Sample {
	if i < 0 || i >= s.n {
		panic("quality: Series.At: index " + strconv.Itoa(i) + " out of range [0, " + strconv.Itoa(s.n) + ")")
	}
	return s.buf[(s.next-s.n+i+len(s.buf))%len(s.buf)]
}

// Reset forgets every sample (the ring is kept).
func (s *Series) Reset() { s.next, s.n = 0, 0 }

// frame starts the sample of frame f, dropping the oldest when full.
func (s *Series) frame(f int) {
	if s == nil {
		return
	}
	s.buf[s.next] = Sample{Frame: f}
	s.next = (s.next + 1) % len(s.buf)
	s.n = min(s.n+1, len(s.buf))
}

// cur returns the current frame's sample, or nil before the first frame
// (or for a nil series).
func (s *Series) cur() *Sample {
	if s == nil || s.n == 0 {
		return nil
	}
	return &s.buf[(s.next-1+len(s.buf))%len(s.buf)]
}

// csvHeader names the columns WriteCSV writes.
const csvHeader = "frame,contacts,gap_max_px,penetration_max_px,stances,slip_max_px,body_pop_px,joint_pop_deg,nan_count\n"

// WriteCSV writes the samples held, oldest first, as CSV with a header row
// (frame, contacts, gap_max_px, penetration_max_px, stances, slip_max_px,
// body_pop_px, joint_pop_deg, nan_count).
func (s *Series) WriteCSV(w io.Writer) error {
	bw := bufio.NewWriter(w)
	bw.WriteString(csvHeader)
	var line []byte
	num := func(v float64) {
		line = strconv.AppendFloat(line, v, 'g', 6, 64)
		line = append(line, ',')
	}
	for i := 0; i < s.n; i++ {
		x := s.At(i)
		line = strconv.AppendInt(line[:0], int64(x.Frame), 10)
		line = append(line, ',')
		line = strconv.AppendInt(line, int64(x.Contacts), 10)
		line = append(line, ',')
		num(x.GapMax)
		num(x.Penetration)
		line = strconv.AppendInt(line, int64(x.Stances), 10)
		line = append(line, ',')
		num(x.SlipMax)
		num(x.BodyPop)
		num(x.JointPop)
		line = strconv.AppendInt(line, int64(x.NaNs), 10)
		line = append(line, '\n')
		bw.Write(line)
	}
	return bw.Flush()
}

// The meter's hooks: each records into the current frame's sample.

func (s *Series) contact(gap float64) {
	if c := s.cur(); c != nil {
		c.Contacts++
		c.GapMax = math.Max(c.GapMax, gap)
		c.Penetration = math.Max(c.Penetration, -gap)
	}
}

func (s *Series) slip(d float64) {
	if c := s.cur(); c != nil {
		c.Stances++
		c.SlipMax = math.Max(c.SlipMax, d)
	}
}

func (s *Series) bodyPop(d float64) {
	if c := s.cur(); c != nil {
		c.BodyPop = math.Max(c.BodyPop, d)
	}
}

func (s *Series) jointPop(deg float64) {
	if c := s.cur(); c != nil {
		c.JointPop = math.Max(c.JointPop, deg)
	}
}

func (s *Series) nan() {
	if c := s.cur(); c != nil {
		c.NaNs++
	}
}
