package dev.fastro.http;

/**
 * Turns an exception of one type into an answer, declared as a bean. The handler for the
 * closest superclass of a thrown exception wins; its result is written like a handler's.
 * An {@link HttpException} (Fastro's own 400, 404, 405, 413, 415 among them) is answered
 * with its status unless a handler is declared for {@code HttpException} or one of its
 * subclasses: a handler for {@code RuntimeException} does not swallow it.
 *
 * <pre>{@code
 * ExceptionHandler<OutOfStockException> outOfStock() { // a @Bean method
 *     return ExceptionHandler.of(OutOfStockException.class,
 *             (ctx, ex) -> Response.status(409).body(Problem.of(409, ex.getMessage(), ctx.path())));
 * }
 * }</pre>
 *
 * @param <E> the exception type handled
 */
public interface ExceptionHandler<E extends Throwable> {

	/** The exception type handled, subclasses included. */
	Class<E> exceptionType();

	/**
	 * Answers the exception.
	 * @param ctx the request the exception occurred on
	 * @param exception the exception
	 * @return the answer, written like a handler's result
	 * @throws Exception when answering fails; the answer is then a 500
	 */
	Object handle(Context ctx, E exception) throws Exception;

	/** An exception handler for {@code type} answering with {@code responder}. */
	static <E extends Throwable> ExceptionHandler<E> of(Class<E> type, Responder<E> responder) {
		return new ExceptionHandler<>() {

			@Override
			public Class<E> exceptionType() {
				return type;
			}

			@Override
			public Object handle(Context ctx, E exception) throws Exception {
				return responder.handle(ctx, exception);
			}

		};
	}

	/** How an exception handler answers, as the lambda given to {@link #of}. */
	@FunctionalInterface
	interface Responder<E extends Throwable> {

		/**
		 * Answers the exception, as {@link ExceptionHandler#handle} does.
		 * @param ctx the request the exception occurred on
		 * @param exception the exception
		 * @return the answer
		 * @throws Exception when answering fails; the answer is then a 500
		 */
		Object handle(Context ctx, E exception) throws Exception;

	}

}
