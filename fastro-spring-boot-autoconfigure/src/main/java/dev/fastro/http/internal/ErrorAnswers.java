package dev.fastro.http.internal;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

import dev.fastro.http.Context;
import dev.fastro.http.ErrorHook;
import dev.fastro.http.ExceptionHandler;
import dev.fastro.http.HttpException;
import dev.fastro.http.Problem;
import dev.fastro.http.spi.DefaultExceptionHandler;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Turns an exception into an answer: the error hooks see it, the exception handler for
 * its closest superclass answers it, an {@link HttpException} answers with its own
 * status, and anything else is a 500 whose body hides the internals and whose single log
 * line has the method, path and stack trace.
 */
final class ErrorAnswers {

	private static final Log logger = LogFactory.getLog(ErrorAnswers.class);

	private final Map<Class<?>, ExceptionHandler<?>> handlers = new HashMap<>();

	private final ClassValue<Optional<ExceptionHandler<?>>> resolved = new ClassValue<>() {

		@Override
		protected Optional<ExceptionHandler<?>> computeValue(Class<?> type) {
			// An HttpException already says how to answer; only a handler for
			// HttpException itself, or one of its subclasses, may answer it differently,
			// not one for RuntimeException at large.
			Class<?> last = HttpException.class.isAssignableFrom(type) ? HttpException.class : Throwable.class;
			for (Class<?> candidate = type; candidate != last.getSuperclass(); candidate = candidate.getSuperclass()) {
				ExceptionHandler<?> handler = ErrorAnswers.this.handlers.get(candidate);
				if (handler != null) {
					return Optional.of(handler);
				}
			}
			return Optional.empty();
		}

	};

	private final ErrorHook[] hooks;

	ErrorAnswers(List<ExceptionHandler<?>> handlers, List<ErrorHook> hooks) {
		for (ExceptionHandler<?> handler : handlers) {
			if (handler instanceof DefaultExceptionHandler) {
				continue;
			}
			ExceptionHandler<?> previous = this.handlers.putIfAbsent(handler.exceptionType(), handler);
			if (previous != null) {
				throw new IllegalStateException("Two exception handlers for " + handler.exceptionType().getName() + ": "
						+ previous + " and " + handler);
			}
		}
		for (ExceptionHandler<?> handler : handlers) {
			if (handler instanceof DefaultExceptionHandler) {
				this.handlers.putIfAbsent(handler.exceptionType(), handler);
			}
		}
		this.hooks = hooks.toArray(ErrorHook[]::new);
	}

	/**
	 * The answer to {@code error}: an exception handler's result, or a {@link Problem}.
	 */
	Object resolve(Exchange ctx, Throwable error) {
		Throwable cause = unwrap(error);
		ctx.error(cause);
		for (ErrorHook hook : this.hooks) {
			try {
				hook.onError(ctx, cause);
			}
			catch (RuntimeException ex) {
				logger.error("Error hook " + hook + " failed for " + ctx, ex);
			}
		}
		Optional<ExceptionHandler<?>> handler = this.resolved.get(cause.getClass());
		if (handler.isPresent()) {
			try {
				return invoke(handler.get(), ctx, cause);
			}
			catch (Throwable ex) {
				logger.error("Exception handler for " + cause.getClass().getName() + " failed for " + ctx, ex);
				return internalError(ctx);
			}
		}
		if (cause instanceof HttpException http) {
			return http.toProblem(ctx);
		}
		logger.error("Unhandled exception for " + ctx, cause);
		return internalError(ctx);
	}

	/** The answer when even answering failed: a 500 that names nothing internal. */
	Problem internalError(Context ctx) {
		return Problem.of(500, null, ctx.path());
	}

	@SuppressWarnings("unchecked")
	private static <E extends Throwable> Object invoke(ExceptionHandler<E> handler, Context ctx, Throwable error)
			throws Exception {
		return handler.handle(ctx, (E) error);
	}

	private static Throwable unwrap(Throwable error) {
		Throwable current = error;
		while ((current instanceof CompletionException || current instanceof ExecutionException
				|| current instanceof BodyStream.ReadFailure) && current.getCause() != null) {
			current = current.getCause();
		}
		return current;
	}

}
