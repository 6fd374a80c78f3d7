package dev.fastro.server.internal;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.List;

import io.netty.handler.ipfilter.IpFilterRuleType;
import io.netty.handler.ipfilter.IpSubnetFilterRule;
import io.netty.util.NetUtil;

/**
 * The proxies whose forwarded headers are believed
 * ({@code fastro.server.trusted-proxies}): IP addresses and CIDR ranges such as
 * {@code 10.0.0.0/8} or {@code ::1}, matched by Netty's {@link IpSubnetFilterRule}; or,
 * when none are named, every peer and every hop.
 */
public final class TrustedProxies {

	/** Every peer, and every hop a header lists: what no list of proxies means. */
	public static final TrustedProxies EVERY_PEER = new TrustedProxies(List.of());

	private final List<IpSubnetFilterRule> ranges;

	private TrustedProxies(List<IpSubnetFilterRule> ranges) {
		this.ranges = ranges;
	}

	/**
	 * The proxies of a list.
	 * @param proxies IP addresses and CIDR ranges, none to trust every peer
	 * @return the proxies
	 * @throws IllegalArgumentException naming an entry that is neither, which is never
	 * looked up as a host name
	 */
	public static TrustedProxies of(List<String> proxies) {
		return proxies.isEmpty() ? EVERY_PEER
				: new TrustedProxies(proxies.stream().map(TrustedProxies::range).toList());
	}

	private static IpSubnetFilterRule range(String proxy) {
		int slash = proxy.indexOf('/');
		InetAddress address = NetUtil
			.createInetAddressFromIpAddressString((slash != -1) ? proxy.substring(0, slash) : proxy);
		if (address == null) {
			throw new IllegalArgumentException("'" + proxy + "' is no IP address or CIDR range");
		}
		int bits = (address instanceof Inet4Address) ? 32 : 128;
		String prefix = (slash != -1) ? proxy.substring(slash + 1) : Integer.toString(bits);
		if (!prefix.matches("[0-9]{1,3}") || Integer.parseInt(prefix) > bits) {
			throw new IllegalArgumentException(
					"'" + proxy + "' has a prefix length that is no number from 0 to " + bits + " after its '/'");
		}
		return new IpSubnetFilterRule(address, Integer.parseInt(prefix), IpFilterRuleType.ACCEPT);
	}

	/**
	 * Whether a connection's peer is a trusted proxy, so that its forwarded headers are
	 * read.
	 */
	boolean trusts(SocketAddress peer) {
		return trusts((peer instanceof InetSocketAddress address) ? address.getAddress() : null);
	}

	/**
	 * Whether an address a header lists is a trusted proxy: every one is when no proxy is
	 * named, an unknown or obfuscated one never otherwise.
	 */
	boolean trusts(InetAddress address) {
		if (this.ranges.isEmpty()) {
			return true;
		}
		if (address == null) {
			return false;
		}
		InetSocketAddress socket = new InetSocketAddress(address, 0);
		for (IpSubnetFilterRule range : this.ranges) {
			if (range.matches(socket)) {
				return true;
			}
		}
		return false;
	}

}
