package swiss

// maxMatching returns the size of a maximum matching of the graph on
// vertices 0..n-1 with edges adj, by Edmonds' blossom algorithm
// (augmenting paths found by breadth-first search, odd cycles contracted
// into their base). O(n³), ample for tournaments of a few hundred.
func maxMatching(n int, adj [][]bool) int {
	match := make([]int, n)
	parent := make([]int, n)
	base := make([]int, n)
	used := make([]bool, n)
	blossom := make([]bool, n)
	queue := make([]int, 0, n)
	for i := range match {
		match[i] = -1
	}

	lca := func(a, b int) int {
		seen := make([]bool, n)
		for {
			a = base[a]
			seen[a] = true
			if match[a] < 0 {
				break
			}
			a = parent[match[a]]
		}
		for {
			b = base[b]
			if seen[b] {
				return b
			}
			b = parent[match[b]]
		}
	}
	markPath := func(v, b, child int) {
		for base[v] != b {
			blossom[base[v]], blossom[base[match[v]]] = true, true
			parent[v] = child
			child = match[v]
			v = parent[match[v]]
		}
	}
	findPath := func(root int) int {
		for i := range n {
			used[i], parent[i], base[i] = false, -1, i
		}
		used[root] = true
		queue = append(queue[:0], root)
		for qi := 0; qi < len(queue); qi++ {
			v := queue[qi]
			for to := range n {
				if !adj[v][to] || base[v] == base[to] || match[v] == to {
					continue
				}
				if to == root || match[to] >= 0 && parent[match[to]] >= 0 {
					cur := lca(v, to)
					for i := range blossom {
						blossom[i] = false
					}
					markPath(v, cur, to)
					markPath(to, cur, v)
					for i := range n {
						if blossom[base[i]] {
							base[i] = cur
							if !used[i] {
								used[i] = true
								queue = append(queue, i)
							}
						}
					}
				} else if parent[to] < 0 {
					parent[to] = v
					if match[to] < 0 {
						return to
					}
					used[match[to]] = true
					queue = append(queue, match[to])
				}
			}
		}
		return -1
	}

	size := 0
	for i := range n {
		if match[i] >= 0 {
			continue
		}
		v := findPath(i)
		if v < 0 {
			continue
		}
		size++
		for v >= 0 {
			pv := parent[v]
			ppv := match[pv]
			match[v], match[pv] = pv, v
			v = ppv
		}
	}
	return size
}
