package terrain

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"
)

// FromASCII builds a world from rows of characters, each character one square
// cell of cell pixels (row 0 at the top, column 0 at the left):
//
//	'#'       solid cell (horizontal runs of '#' become one box)
//	'/'       45-degree slope rising to the right: solid below the diagonal
//	          from the cell's bottom-left to its top-right corner
//	'\\'      45-degree slope falling to the right: solid below the diagonal
//	          from the cell's top-left to its bottom-right corner
//	'.' ' '   empty
//
// Rows may differ in length; missing cells are empty. The space is
// (longest row)*cell by len(rows)*cell pixels with 32 px broadphase cells.
// Every shape is tagged TagTerrain|TagGround. Any other character is an error
// naming its row and column; cell must be in [1, 4096].
func FromASCII(rows []string, cell float64) (*World, error) {
	if !(cell >= 1 && cell <= 4096) {
		return nil, fmt.Errorf("terrain: FromASCII: cell: %v must be in [1, 4096]", cell)
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("terrain: FromASCII: rows: no rows")
	}
	cols := 0
	for r, row := range rows {
		for c, ch := range []byte(row) {
			switch ch {
			case '#', '/', '\\', '.', ' ':
			default:
				return nil, fmt.Errorf("terrain: FromASCII: rows[%d][%d]: unknown character %q", r, c, ch)
			}
		}
		cols = max(cols, len(row))
	}
	if cols == 0 {
		return nil, fmt.Errorf("terrain: FromASCII: rows: all rows are empty")
	}
	w, err := New(float64(cols)*cell, float64(len(rows))*cell)
	if err != nil {
		return nil, fmt.Errorf("terrain: FromASCII: %w", err)
	}
	for r, row := range rows {
		y0, y1 := float64(r)*cell, float64(r+1)*cell
		for c := 0; c < len(row); c++ {
			x0, x1 := float64(c)*cell, float64(c+1)*cell
			switch row[c] {
			case '#':
				end := c
				for end+1 < len(row) && row[end+1] == '#' {
					end++
				}
				w.addConvex([]mgl64.Vec2{{x0, y0}, {float64(end+1) * cell, y0}, {float64(end+1) * cell, y1}, {x0, y1}}, TagGround)
				c = end
			case '/':
				w.addConvex([]mgl64.Vec2{{x1, y0}, {x1, y1}, {x0, y1}}, TagGround)
			case '\\':
				w.addConvex([]mgl64.Vec2{{x0, y0}, {x1, y1}, {x0, y1}}, TagGround)
			}
		}
	}
	w.Sync() // builds the index (see World)
	return w, nil
}
