package dev.fastro.perf.harness;

import java.util.List;
import java.util.Locale;
import java.util.function.DoubleFunction;

/**
 * A grouped bar chart as a self-contained SVG: a title, both axes labelled with their
 * units, a legend, and the value on every bar, so it reads on its own outside the report.
 *
 * @param title the chart's title
 * @param xLabel what the groups are
 * @param yLabel what the bars measure, with the unit
 * @param categories the groups along the horizontal axis
 * @param series the bars of each group
 * @param reference a horizontal line to draw (such as 100%), or {@code null}
 * @param format how values are written on the axis and the bars
 */
public record BarChart(String title, String xLabel, String yLabel, List<String> categories, List<Series> series,
		Double reference, DoubleFunction<String> format) {

	private static final int WIDTH = 900;

	private static final int HEIGHT = 460;

	private static final int LEFT = 90;

	private static final int RIGHT = 20;

	private static final int TOP = 80;

	private static final int BOTTOM = 70;

	/**
	 * One set of bars, one per category.
	 *
	 * @param name its name in the legend
	 * @param color its fill, a CSS color
	 * @param values one value per category; {@code null} where there is none
	 */
	public record Series(String name, String color, List<Double> values) {
	}

	/**
	 * Draws the chart.
	 * @return the SVG document
	 */
	public String toSvg() {
		double top = niceCeiling(maxValue() * 1.12);
		double plotWidth = WIDTH - LEFT - RIGHT;
		double plotHeight = HEIGHT - TOP - BOTTOM;
		StringBuilder svg = new StringBuilder();
		svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"")
			.append(WIDTH)
			.append("\" height=\"")
			.append(HEIGHT)
			.append("\" viewBox=\"0 0 ")
			.append(WIDTH)
			.append(' ')
			.append(HEIGHT)
			.append("\" font-family=\"Helvetica, Arial, sans-serif\">\n");
		svg.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
		text(svg, WIDTH / 2.0, 26, "middle", 17, "bold", this.title);
		legend(svg);
		// Grid and vertical axis.
		for (int i = 0; i <= 5; i++) {
			double value = top * i / 5;
			double y = TOP + plotHeight - plotHeight * i / 5;
			svg.append(String.format(Locale.ROOT,
					"<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#dddddd\"/>\n", LEFT, y, WIDTH - RIGHT,
					y));
			text(svg, LEFT - 8, y + 4, "end", 11, "normal", this.format.apply(value));
		}
		svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%.1f\" stroke=\"#333333\"/>\n",
				LEFT, TOP, LEFT, TOP + plotHeight));
		svg.append(String.format(Locale.ROOT,
				"<text x=\"20\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"13\" transform=\"rotate(-90 20 %.1f)\">%s</text>\n",
				TOP + plotHeight / 2, TOP + plotHeight / 2, escape(this.yLabel)));
		bars(svg, top, plotWidth, plotHeight);
		if (this.reference != null) {
			double y = TOP + plotHeight - plotHeight * this.reference / top;
			svg.append(String.format(Locale.ROOT,
					"<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#c0392b\" stroke-dasharray=\"6 4\"/>\n",
					LEFT, y, WIDTH - RIGHT, y));
		}
		svg.append(
				String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#333333\"/>\n",
						LEFT, TOP + plotHeight, WIDTH - RIGHT, TOP + plotHeight));
		text(svg, LEFT + plotWidth / 2, HEIGHT - 14, "middle", 13, "normal", this.xLabel);
		svg.append("</svg>\n");
		return svg.toString();
	}

	private void legend(StringBuilder svg) {
		double x = LEFT;
		for (Series one : this.series) {
			svg.append(String.format(Locale.ROOT,
					"<rect x=\"%.1f\" y=\"42\" width=\"12\" height=\"12\" fill=\"%s\"/>\n", x, one.color()));
			text(svg, x + 17, 52, "start", 12, "normal", one.name());
			x += 30 + 7.0 * one.name().length();
		}
	}

	private void bars(StringBuilder svg, double top, double plotWidth, double plotHeight) {
		double groupWidth = plotWidth / Math.max(1, this.categories.size());
		double barWidth = groupWidth * 0.8 / Math.max(1, this.series.size());
		for (int c = 0; c < this.categories.size(); c++) {
			double groupLeft = LEFT + c * groupWidth + groupWidth * 0.1;
			for (int s = 0; s < this.series.size(); s++) {
				Double value = this.series.get(s).values().get(c);
				if (value == null || value.isNaN()) {
					continue;
				}
				double height = plotHeight * value / top;
				double x = groupLeft + s * barWidth;
				double y = TOP + plotHeight - height;
				svg.append(String.format(Locale.ROOT,
						"<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"><title>%s</title></rect>\n",
						x, y, Math.max(1, barWidth - 2), height, this.series.get(s).color(),
						escape(this.series.get(s).name() + ", " + this.categories.get(c) + ": "
								+ this.format.apply(value))));
				text(svg, x + barWidth / 2 - 1, y - 4, "middle", (barWidth < 34) ? 8 : 10, "normal",
						this.format.apply(value));
			}
			text(svg, LEFT + c * groupWidth + groupWidth / 2, TOP + plotHeight + 20, "middle", 12, "normal",
					this.categories.get(c));
		}
	}

	private double maxValue() {
		double max = (this.reference != null) ? this.reference : 0;
		for (Series one : this.series) {
			for (Double value : one.values()) {
				if (value != null && !value.isNaN()) {
					max = Math.max(max, value);
				}
			}
		}
		return (max > 0) ? max : 1;
	}

	/**
	 * The smallest 1, 2 or 5 times a power of ten at or above the value, so the axis has
	 * round ticks.
	 */
	static double niceCeiling(double value) {
		double magnitude = Math.pow(10, Math.floor(Math.log10(value)));
		for (double step : new double[] { 1, 2, 2.5, 5, 10 }) {
			if (step * magnitude >= value) {
				return step * magnitude;
			}
		}
		return 10 * magnitude;
	}

	private static void text(StringBuilder svg, double x, double y, String anchor, int size, String weight,
			String text) {
		svg.append(String.format(Locale.ROOT,
				"<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" font-size=\"%d\" font-weight=\"%s\">%s</text>\n", x, y,
				anchor, size, weight, escape(text)));
	}

	private static String escape(String text) {
		return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
	}
}
