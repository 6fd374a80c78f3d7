package dev.fastro.perf.servers;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;

import dev.fastro.demo.Payload;
import dev.fastro.perf.Workload;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.util.AsciiString;
import io.netty.util.ReferenceCountUtil;
import tools.jackson.databind.json.JsonMapper;

/**
 * The ceiling of this stack: a bare Netty pipeline ({@link HttpServerCodec},
 * {@link HttpObjectAggregator}, one handler writing a {@link FullHttpResponse} with
 * {@code content-length}) on one event-loop thread, epoll when available as Reactor Netty
 * does.
 *
 * <p>
 * With {@code --upload=true} (the upload bench), an {@link UploadHandler} before the
 * aggregator takes {@code POST /upload} and hashes its body as the codec decodes it,
 * every other request passing on to the aggregator. Without it the pipeline is the codec,
 * the aggregator and one handler, so the scenarios measure no handler they do not use.
 */
public final class RawNettyServer {

	private static final JsonMapper MAPPER = JsonMapper.builder().build();

	private static final AsciiString TEXT_PLAIN = AsciiString.cached(Workload.TEXT_PLAIN);

	private static final AsciiString APPLICATION_JSON = AsciiString.cached(Workload.APPLICATION_JSON);

	private static final AsciiString X_USER = AsciiString.cached("x-user");

	/**
	 * The middleware scenario's timing, kept like the Fastro app's timing middleware
	 * keeps it.
	 */
	private static final LongAdder MIDDLEWARE_NANOS = new LongAdder();

	/** Large enough for the 64 KiB body of the JSON size experiment. */
	private static final int MAX_BODY = 1024 * 1024;

	/** The argument that adds the upload bench's handler to the pipeline. */
	public static final String UPLOAD = "upload";

	private RawNettyServer() {
	}

	/**
	 * Starts the server and blocks until it is stopped.
	 * @param args {@code --port=N}, and {@code --upload=true} for the upload bench's
	 * route
	 * @throws InterruptedException if interrupted while serving
	 */
	public static void main(String[] args) throws InterruptedException {
		ServerArgs arguments = ServerArgs.parse(args);
		int port = arguments.intValue(ServerArgs.PORT, 8080);
		boolean upload = Boolean.parseBoolean(arguments.value(UPLOAD, "false"));
		serve(port, (pipeline) -> {
			pipeline.addLast(new HttpServerCodec());
			if (upload) {
				pipeline.addLast(new UploadHandler());
			}
			pipeline.addLast(new HttpObjectAggregator(MAX_BODY), new Handler());
		});
	}

	/**
	 * Serves {@code port} until stopped, each connection's pipeline as {@code handlers}
	 * builds it, on one thread that accepts and serves, like Reactor Netty's default
	 * server loop with ioWorkerCount=1; with epoll where it is available.
	 */
	static void serve(int port, Consumer<ChannelPipeline> handlers) throws InterruptedException {
		boolean epoll = Epoll.isAvailable();
		IoHandlerFactory io = epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
		Class<? extends ServerChannel> channelType = epoll ? EpollServerSocketChannel.class
				: NioServerSocketChannel.class;
		EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, io);
		try {
			Channel channel = new ServerBootstrap().group(group)
				.channel(channelType)
				.childHandler(new ChannelInitializer<>() {
					@Override
					protected void initChannel(Channel ch) {
						handlers.accept(ch.pipeline());
					}
				})
				.bind(port)
				.sync()
				.channel();
			channel.closeFuture().sync();
		}
		finally {
			group.shutdownGracefully();
		}
	}

	@ChannelHandler.Sharable
	private static final class Handler extends SimpleChannelInboundHandler<FullHttpRequest> {

		@Override
		protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest req) {
			QueryStringDecoder uri = new QueryStringDecoder(req.uri());
			String path = uri.path();
			FullHttpResponse res;
			if (req.method().equals(HttpMethod.GET) && path.equals("/")) {
				res = text("Hello world!");
			}
			else if (req.method().equals(HttpMethod.GET) && path.startsWith("/user/")) {
				res = text("User " + path.substring("/user/".length()));
			}
			else if (req.method().equals(HttpMethod.GET) && path.equals("/query")) {
				List<String> names = uri.parameters().get("name");
				res = text("Hello " + ((names != null) ? names.get(0) : null));
			}
			else if (req.method().equals(HttpMethod.GET) && path.equals("/middleware")) {
				long start = System.nanoTime();
				String user = "fastro";
				res = text("Hello " + user);
				res.headers().set(X_USER, user);
				MIDDLEWARE_NANOS.add(System.nanoTime() - start);
			}
			else if (req.method().equals(HttpMethod.POST) && path.equals("/json")) {
				Payload payload = MAPPER.readValue(ByteBufUtil.getBytes(req.content()), Payload.class);
				res = response(HttpResponseStatus.OK, APPLICATION_JSON,
						Unpooled.wrappedBuffer(MAPPER.writeValueAsBytes(payload)));
			}
			else {
				res = response(HttpResponseStatus.NOT_FOUND, TEXT_PLAIN, Unpooled.EMPTY_BUFFER);
			}
			send(ctx, req, res);
		}

	}

	/**
	 * The upload bench's route, {@code POST /upload}: each piece of the body hashed and
	 * released as the codec hands it on, on the event loop, so the socket is read only as
	 * fast as the hashing goes; then the length and digest. Every other request goes on
	 * to the aggregator untouched.
	 */
	private static final class UploadHandler extends ChannelInboundHandlerAdapter {

		/** The request whose body is arriving, {@code null} between uploads. */
		private HttpRequest request;

		private MessageDigest digest;

		private long length;

		@Override
		public void channelRead(ChannelHandlerContext ctx, Object msg) {
			if (this.request == null) {
				if (!(msg instanceof HttpRequest req) || !req.method().equals(HttpMethod.POST)
						|| !new QueryStringDecoder(req.uri()).path().equals(Workload.UPLOAD_PATH)) {
					ctx.fireChannelRead(msg);
					return;
				}
				this.request = req;
				this.digest = Workload.uploadDigest();
				this.length = 0;
			}
			if (msg instanceof HttpContent content) {
				ByteBuf bytes = content.content();
				this.length += bytes.readableBytes();
				this.digest.update(bytes.nioBuffer());
				if (content instanceof LastHttpContent) {
					HttpRequest req = this.request;
					this.request = null;
					send(ctx, req, text(Workload.uploadAnswer(this.length, this.digest)));
				}
			}
			ReferenceCountUtil.release(msg);
		}

	}

	private static void send(ChannelHandlerContext ctx, HttpRequest req, FullHttpResponse res) {
		if (HttpUtil.isKeepAlive(req)) {
			if (!req.protocolVersion().isKeepAliveDefault()) {
				res.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
			}
			ctx.writeAndFlush(res);
		}
		else {
			res.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
			ctx.writeAndFlush(res).addListener(ChannelFutureListener.CLOSE);
		}
	}

	private static FullHttpResponse text(String body) {
		return response(HttpResponseStatus.OK, TEXT_PLAIN, Unpooled.copiedBuffer(body, StandardCharsets.UTF_8));
	}

	private static FullHttpResponse response(HttpResponseStatus status, AsciiString contentType, ByteBuf body) {
		FullHttpResponse res = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, body);
		res.headers()
			.set(HttpHeaderNames.CONTENT_TYPE, contentType)
			.setInt(HttpHeaderNames.CONTENT_LENGTH, body.readableBytes());
		return res;
	}

}
