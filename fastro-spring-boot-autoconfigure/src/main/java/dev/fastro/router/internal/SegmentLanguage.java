package dev.fastro.router.internal;

import java.util.Optional;

import dk.brics.automaton.Automaton;
import dk.brics.automaton.RegExp;

/**
 * The values one path segment of a route matches, as a finite automaton: what lets Fastro
 * tell at start-up whether two routes can match the same path, and whether one parameter
 * constraint accepts every value another does. A parameter without a regex takes any
 * non-empty segment; a regex parameter, the non-empty values its Java regex matches
 * whole. Java regexes are translated to dk.brics' syntax; a regex using what the
 * translation does not know (look-around, back-references, flags, Unicode classes) has no
 * language, and callers fall back to comparing its text.
 */
public final class SegmentLanguage {

	/** What Java's '.' matches: any character but a line terminator. */
	private static final String DOT = "[^\n\r\u0085\u2028\u2029]";

	/** Parameters take only non-empty segments; decoded, those may hold any character. */
	private static final SegmentLanguage ANY = new SegmentLanguage(new RegExp(".+").toAutomaton());

	/**
	 * Values of letters and digits: an example drawn from them reads as itself in a log
	 * line, where one of control characters would have to be escaped.
	 */
	private static final Automaton READABLE = new RegExp("[0-9A-Za-z]+").toAutomaton();

	private final Automaton automaton;

	private SegmentLanguage(Automaton automaton) {
		this.automaton = automaton;
	}

	/** The values of a parameter without a constraint: any non-empty segment. */
	public static SegmentLanguage any() {
		return ANY;
	}

	/**
	 * The values of a parameter constrained by {@code javaRegex}, or empty when the regex
	 * uses syntax the translation does not know.
	 */
	public static Optional<SegmentLanguage> of(String javaRegex) {
		String translated = Translation.of(javaRegex);
		if (translated == null) {
			return Optional.empty();
		}
		try {
			Automaton regex = new RegExp(translated, RegExp.NONE).toAutomaton();
			return Optional.of(new SegmentLanguage(regex.intersection(ANY.automaton)));
		}
		catch (IllegalArgumentException ex) {
			return Optional.empty();
		}
	}

	/**
	 * A shortest value both languages hold, of letters and digits when they share such a
	 * value, or empty when they share none.
	 */
	public Optional<String> commonExample(SegmentLanguage other) {
		Automaton common = this.automaton.intersection(other.automaton);
		String readable = common.intersection(READABLE).getShortestExample(true);
		return Optional.ofNullable((readable != null) ? readable : common.getShortestExample(true));
	}

	/** Whether this language holds every value {@code other} holds. */
	public boolean includes(SegmentLanguage other) {
		return other.automaton.subsetOf(this.automaton);
	}

	/**
	 * Java regex syntax to dk.brics syntax, for the common part of both: literals, '.',
	 * classes with ranges and negation, the predefined classes, groups, alternation and
	 * greedy or reluctant quantifiers (which match the same values whole).
	 */
	private static final class Translation {

		/** Characters dk.brics gives a meaning Java's regexes do not. */
		private static final String BRICS_ONLY = "\"#@<>~&";

		private final String regex;

		private final StringBuilder out = new StringBuilder();

		private int at;

		private Translation(String regex) {
			this.regex = regex;
		}

		/** The translation, or null when the regex uses syntax it does not know. */
		static String of(String regex) {
			Translation translation = new Translation(regex);
			return translation.translate() ? translation.out.toString() : null;
		}

		private boolean translate() {
			while (this.at < this.regex.length()) {
				char c = this.regex.charAt(this.at++);
				boolean known = switch (c) {
					case '\\' -> escape(false);
					case '[' -> charClass();
					case '(' -> group();
					case '^', '$' -> (this.at == 1 && c == '^') || (this.at == this.regex.length() && c == '$');
					case '*', '+', '?', '}' -> quantifier(c);
					case '{' -> bounds();
					case '.' -> append(DOT);
					case ')', '|' -> append(String.valueOf(c));
					default -> literal(c);
				};
				if (!known) {
					return false;
				}
			}
			return true;
		}

		/**
		 * A quantifier; a reluctant one matches the same values, a possessive one may
		 * not.
		 */
		private boolean quantifier(char c) {
			if (c == '}') {
				return false;
			}
			this.out.append(c);
			return reluctance();
		}

		private boolean bounds() {
			int close = this.regex.indexOf('}', this.at);
			if (close < 0 || !this.regex.substring(this.at, close).matches("[0-9]+(,[0-9]*)?")) {
				return false;
			}
			this.out.append('{').append(this.regex, this.at, close).append('}');
			this.at = close + 1;
			return reluctance();
		}

		private boolean reluctance() {
			if (this.at < this.regex.length() && this.regex.charAt(this.at) == '+') {
				return false;
			}
			if (this.at < this.regex.length() && this.regex.charAt(this.at) == '?') {
				this.at++;
			}
			return true;
		}

		/**
		 * A group: capturing, named or non-capturing; any other {@code (?} construct is
		 * unknown.
		 */
		private boolean group() {
			if (this.regex.startsWith("?:", this.at)) {
				this.at += 2;
			}
			else if (this.regex.startsWith("?<", this.at) && this.at + 2 < this.regex.length()
					&& Character.isLetter(this.regex.charAt(this.at + 2))) {
				this.at = this.regex.indexOf('>', this.at) + 1;
				if (this.at == 0) {
					return false;
				}
			}
			else if (this.regex.startsWith("?", this.at)) {
				return false;
			}
			return append("(");
		}

		private boolean charClass() {
			this.out.append('[');
			if (this.regex.startsWith("^", this.at)) {
				this.out.append('^');
				this.at++;
			}
			boolean first = true;
			while (this.at < this.regex.length()) {
				char c = this.regex.charAt(this.at++);
				if (c == ']' && !first) {
					this.out.append(']');
					return true;
				}
				first = false;
				boolean known = switch (c) {
					case '\\' -> escape(true);
					case '[', '&' -> false;
					case '-' -> append("-");
					default -> literal(c);
				};
				if (!known) {
					return false;
				}
			}
			return false;
		}

		/** An escape: a predefined class, a control character, or a quoted literal. */
		private boolean escape(boolean inClass) {
			if (this.at == this.regex.length()) {
				return false;
			}
			char c = this.regex.charAt(this.at++);
			String predefined = switch (c) {
				case 'd' -> "0-9";
				case 'w' -> "a-zA-Z_0-9";
				case 's' -> " \t\n\u000B\f\r";
				default -> null;
			};
			if (predefined != null) {
				return append(inClass ? predefined : "[" + predefined + "]");
			}
			return switch (c) {
				case 'D', 'W', 'S' -> !inClass && append("[^" + switch (c) {
					case 'D' -> "0-9";
					case 'W' -> "a-zA-Z_0-9";
					default -> " \t\n\u000B\f\r";
				} + "]");
				case 't' -> literal('\t');
				case 'n' -> literal('\n');
				case 'r' -> literal('\r');
				case 'f' -> literal('\f');
				default -> !Character.isLetterOrDigit(c) && literal(c);
			};
		}

		private boolean literal(char c) {
			if (BRICS_ONLY.indexOf(c) >= 0 || "\\[]()|*+?{}.^$-".indexOf(c) >= 0 || Character.isWhitespace(c)) {
				this.out.append('\\');
			}
			this.out.append(c);
			return true;
		}

		private boolean append(String text) {
			this.out.append(text);
			return true;
		}

	}

}
