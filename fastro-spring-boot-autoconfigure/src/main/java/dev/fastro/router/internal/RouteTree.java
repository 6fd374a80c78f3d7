package dev.fastro.router.internal;

import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The segment tree of one method's dynamic routes, walked by index over the raw path.
 *
 * <p>
 * A node is a position between two segments. The next segment is consumed by one of its
 * children, tried in priority order; when a child's subtree cannot match the rest of the
 * path, the walk backtracks to the next candidate:
 * <ol>
 * <li>static children, keyed by raw segment text in an open-addressing table whose hash
 * is computed over the path region, so no substring is made;</li>
 * <li>regex children, in the order their regex was first registered at this node, tested
 * against the decoded segment;</li>
 * <li>the one plain parameter child, taking any non-empty segment;</li>
 * <li>the catch-all, an endpoint rather than a node, taking the rest of the path,
 * possibly empty.</li>
 * </ol>
 * A node's endpoint is the route ending right after the segment that led to it. Parameter
 * names live in endpoints, not nodes, so that routes sharing a node may name its value
 * differently; a node only counts the parameters bound on the way to it, which fixes the
 * index of each value. Values are written while the recursion unwinds from a matched
 * endpoint, so a failed branch costs no allocation (bar a regex child's decoding) and
 * leaves nothing behind.
 */
final class RouteTree<T> {

	private final Node<T> root = new Node<>(0, null);

	private final boolean ignoreTrailingSlash;

	RouteTree(boolean ignoreTrailingSlash) {
		this.ignoreTrailingSlash = ignoreTrailingSlash;
	}

	/**
	 * Adds the endpoint at the place its segments lead to; returns the endpoint already
	 * there, if any.
	 */
	ParsedRoute<T> insert(List<RoutePattern.Segment> segments, ParsedRoute<T> endpoint) {
		Node<T> node = root;
		for (RoutePattern.Segment segment : segments) {
			switch (segment.kind()) {
				case STATIC -> node = node.staticChild(segment.text());
				case REGEX -> node = node.regexChild(segment.regex());
				case PARAM -> node = node.paramChild();
				case CATCH_ALL -> {
					if (node.catchAll == null) {
						node.catchAll = endpoint;
						return null;
					}
					return node.catchAll;
				}
			}
		}
		if (node.endpoint == null) {
			node.endpoint = endpoint;
			return null;
		}
		return node.endpoint;
	}

	/**
	 * The endpoint matching {@code path}, or null. When {@code values} is not null, it
	 * receives the decoded parameter values and a malformed one throws
	 * {@link MalformedPathException}; when it is null, the match is structural and plain
	 * values are not even decoded.
	 */
	ParsedRoute<T> match(String path, String[] values) {
		int end = path.length();
		if (end == 0 || path.charAt(0) != '/') {
			return null;
		}
		if (ignoreTrailingSlash && end > 1 && path.charAt(end - 1) == '/') {
			end--;
		}
		return match(root, path, 1, end, values);
	}

	private ParsedRoute<T> match(Node<T> node, String path, int start, int end, String[] values) {
		int segmentEnd = path.indexOf('/', start);
		if (segmentEnd < 0 || segmentEnd > end) {
			segmentEnd = end;
		}
		Node<T> child = node.staticChild(path, start, segmentEnd);
		if (child != null) {
			ParsedRoute<T> found = descend(child, path, segmentEnd, end, values);
			if (found != null) {
				return found;
			}
		}
		if (segmentEnd > start) {
			if (node.regexChildren.length > 0) {
				// A value that does not decode satisfies no regex; the plain parameter
				// may still take it.
				String value = PercentDecoder.decode(path, start, segmentEnd);
				if (value != null) {
					for (Node<T> regexChild : node.regexChildren) {
						if (regexChild.regex.matcher(value).matches()) {
							ParsedRoute<T> found = descend(regexChild, path, segmentEnd, end, values);
							if (found != null) {
								if (values != null) {
									values[node.params] = value;
								}
								return found;
							}
						}
					}
				}
			}
			if (node.param != null) {
				ParsedRoute<T> found = descend(node.param, path, segmentEnd, end, values);
				if (found != null) {
					if (values != null) {
						values[node.params] = PercentDecoder.decodeOrThrow(path, start, segmentEnd);
					}
					return found;
				}
			}
		}
		if (node.catchAll != null) {
			if (values != null) {
				values[node.params] = PercentDecoder.decodeOrThrow(path, start, end);
			}
			return node.catchAll;
		}
		return null;
	}

	/**
	 * Continues below {@code child} once it consumed the segment ending at
	 * {@code segmentEnd}.
	 */
	private ParsedRoute<T> descend(Node<T> child, String path, int segmentEnd, int end, String[] values) {
		if (segmentEnd < end) {
			return match(child, path, segmentEnd + 1, end, values);
		}
		if (child.endpoint != null) {
			return child.endpoint;
		}
		// With the trailing slash gone, "/files" stands for "/files/", where "/files/*"
		// matches "".
		if (ignoreTrailingSlash && child.catchAll != null) {
			if (values != null) {
				values[child.params] = "";
			}
			return child.catchAll;
		}
		return null;
	}

	private static final class Node<T> {

		/**
		 * Parameters bound before this node: the index of the value of the next parameter
		 * segment.
		 */
		final int params;

		final Pattern regex;

		/**
		 * Static children by label: power-of-two capacity, at most half full, so a probe
		 * always ends.
		 */
		private String[] labels;

		private Node<T>[] statics;

		private int staticCount;

		Node<T>[] regexChildren = newArray(0);

		Node<T> param;

		ParsedRoute<T> endpoint;

		ParsedRoute<T> catchAll;

		Node(int params, Pattern regex) {
			this.params = params;
			this.regex = regex;
		}

		Node<T> staticChild(String path, int start, int end) {
			if (labels == null) {
				return null;
			}
			int hash = 0;
			for (int i = start; i < end; i++) {
				hash = 31 * hash + path.charAt(i);
			}
			int length = end - start;
			int mask = labels.length - 1;
			for (int i = spread(hash) & mask; labels[i] != null; i = (i + 1) & mask) {
				String label = labels[i];
				if (label.length() == length && label.hashCode() == hash
						&& path.regionMatches(start, label, 0, length)) {
					return statics[i];
				}
			}
			return null;
		}

		Node<T> staticChild(String label) {
			Node<T> child = staticChild(label, 0, label.length());
			if (child == null) {
				if (labels == null || (staticCount + 1) * 2 > labels.length) {
					rehash(labels == null ? 2 : labels.length * 2);
				}
				child = new Node<>(params, null);
				put(label, child);
				staticCount++;
			}
			return child;
		}

		Node<T> regexChild(Pattern pattern) {
			for (Node<T> child : regexChildren) {
				if (child.regex.pattern().equals(pattern.pattern())) {
					return child;
				}
			}
			Node<T> child = new Node<>(params + 1, pattern);
			regexChildren = Arrays.copyOf(regexChildren, regexChildren.length + 1);
			regexChildren[regexChildren.length - 1] = child;
			return child;
		}

		Node<T> paramChild() {
			if (param == null) {
				param = new Node<>(params + 1, null);
			}
			return param;
		}

		private void rehash(int capacity) {
			String[] oldLabels = labels;
			Node<T>[] oldStatics = statics;
			labels = new String[capacity];
			statics = newArray(capacity);
			if (oldLabels != null) {
				for (int i = 0; i < oldLabels.length; i++) {
					if (oldLabels[i] != null) {
						put(oldLabels[i], oldStatics[i]);
					}
				}
			}
		}

		private void put(String label, Node<T> child) {
			int mask = labels.length - 1;
			int i = spread(label.hashCode()) & mask;
			while (labels[i] != null) {
				i = (i + 1) & mask;
			}
			labels[i] = label;
			statics[i] = child;
		}

		private static int spread(int hash) {
			return hash ^ hash >>> 16;
		}

		@SuppressWarnings("unchecked")
		private static <T> Node<T>[] newArray(int length) {
			return (Node<T>[]) new Node<?>[length];
		}

	}

}
