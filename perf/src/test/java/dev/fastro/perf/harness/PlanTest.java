package dev.fastro.perf.harness;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class PlanTest {

	@Test
	void defaultsAreTheFullRun() {
		RunnerOptions options = RunnerOptions.parse(List.of(), Path.of("out"));
		assertThat(options.rounds()).isEqualTo(3);
		assertThat(options.scalingRounds()).isEqualTo(2);
		assertThat(options.seconds()).isEqualTo(10);
		assertThat(options.warmupSeconds()).isEqualTo(15);
		assertThat(options.connections()).isEqualTo(100);
		assertThat(options.servers()).containsExactly(ServerKind.NATIVE, ServerKind.FASTRO, ServerKind.FASTRO_CACHE,
				ServerKind.FASTRO_METRICS, ServerKind.WEBFLUX, ServerKind.RAW);
		assertThat(options.experiments()).containsExactly(Experiment.MAIN, Experiment.ROUTES, Experiment.MIDDLEWARES,
				Experiment.BODY, Experiment.CONNECTIONS);
		assertThat(options.outputDirectory()).isEqualTo(Path.of("out"));
	}

	@Test
	void quickChangesTheDefaultsAndExplicitOptionsWin() {
		RunnerOptions options = RunnerOptions.parse(List.of("--quick", "--rounds", "2", "--out", "/tmp/x"),
				Path.of("out"));
		assertThat(options.quick()).isTrue();
		assertThat(options.rounds()).isEqualTo(2);
		assertThat(options.seconds()).isEqualTo(1);
		assertThat(options.outputDirectory()).isEqualTo(Path.of("/tmp/x"));
		// The peers are left out of the smoke test unless named.
		assertThat(options.servers()).doesNotContain(ServerKind.VERTX, ServerKind.JAVALIN, ServerKind.MVC,
				ServerKind.MVC_VIRTUAL, ServerKind.HELIDON, ServerKind.FASTRO_DEMO);
		assertThat(
				RunnerOptions.parse(List.of("--quick", "--servers", "native,vertx,javalin"), Path.of("out")).servers())
			.containsExactly(ServerKind.NATIVE, ServerKind.VERTX, ServerKind.JAVALIN);
	}

	@Test
	void thePeersRunTheScenariosOnlyAndJavalinIsCheckedAgainstJettysSpelling() {
		Group scenarios = Plan.of(RunnerOptions.parse(List.of("--peers"), Path.of("."))).get(0);
		assertThat(scenarios.probesOf(ServerKind.VERTX)).hasSize(7);
		assertThat(scenarios.probesOf(ServerKind.JAVALIN)).hasSize(7);
		Probe root = Scenario.ROOT.probe();
		assertThat(root.forServer(ServerKind.VERTX)).isSameAs(root);
		assertThat(root.forServer(ServerKind.JAVALIN).expected().contentType()).isEqualTo("text/plain;charset=utf-8");
		assertThat(root.forServer(ServerKind.JAVALIN).expected().body()).isEqualTo(root.expected().body());
		Probe json = Scenario.JSON_POST.probe();
		assertThat(json.forServer(ServerKind.JAVALIN)).isSameAs(json);
	}

	@Test
	void peersJoinTheServersWithPeers() {
		assertThat(RunnerOptions.parse(List.of("--peers"), Path.of(".")).servers()).containsExactly(ServerKind.NATIVE,
				ServerKind.FASTRO, ServerKind.FASTRO_CACHE, ServerKind.FASTRO_METRICS, ServerKind.WEBFLUX,
				ServerKind.RAW, ServerKind.VERTX, ServerKind.JAVALIN, ServerKind.MVC, ServerKind.MVC_VIRTUAL,
				ServerKind.HELIDON);
		assertThat(RunnerOptions.parse(List.of("--servers", "native,fastro", "--peers"), Path.of(".")).servers())
			.containsExactly(ServerKind.NATIVE, ServerKind.FASTRO, ServerKind.VERTX, ServerKind.JAVALIN, ServerKind.MVC,
					ServerKind.MVC_VIRTUAL, ServerKind.HELIDON);
	}

	@Test
	void fastroWithMetricsRunsTheScenariosOnlyInTheFullRun() {
		assertThat(RunnerOptions.parse(List.of(), Path.of(".")).servers()).contains(ServerKind.FASTRO_METRICS);
		assertThat(RunnerOptions.parse(List.of("--quick"), Path.of(".")).servers())
			.doesNotContain(ServerKind.FASTRO_METRICS);
		Group scenarios = Plan.of(RunnerOptions.parse(List.of("--servers", "fastro,fastro-metrics"), Path.of(".")))
			.get(0);
		assertThat(scenarios.probesOf(ServerKind.FASTRO_METRICS)).hasSize(7);
		assertThat(ServerKind.FASTRO_METRICS.arguments(8080, 0)).containsExactly("--fastro.server.port=8080",
				"--fastro.server.event-loop-threads=1", "--perf.routes=0", "--perf.metrics=true");
		assertThat(ServerKind.FASTRO.arguments(8080, 0)).doesNotContain("--perf.metrics=true");
	}

	@Test
	void fastroWithoutLeakDetectionTurnsItOffThroughBootsKeyAndRunsTheScenariosOnly() {
		assertThat(RunnerOptions.parse(List.of(), Path.of(".")).servers())
			.doesNotContain(ServerKind.FASTRO_NO_LEAK_DETECTION);
		List<Group> groups = Plan
			.of(RunnerOptions.parse(List.of("--servers", "fastro,fastro-no-leak-detection"), Path.of(".")));
		assertThat(groups.get(0).probesOf(ServerKind.FASTRO_NO_LEAK_DETECTION)).hasSize(7);
		assertThat(groups.subList(1, groups.size()))
			.allSatisfy(group -> assertThat(group.probesOf(ServerKind.FASTRO_NO_LEAK_DETECTION)).isEmpty());
		assertThat(ServerKind.FASTRO_NO_LEAK_DETECTION.arguments(8080, 0)).containsExactly("--fastro.server.port=8080",
				"--fastro.server.event-loop-threads=1", "--perf.routes=0", "--spring.netty.leak-detection=disabled");
		assertThat(ServerKind.FASTRO.arguments(8080, 0)).doesNotContain("--spring.netty.leak-detection=disabled");
	}

	@Test
	void everyServerGoesFirstAsOftenAsTheOthersAndFollowsDifferentOnes() {
		List<ServerKind> servers = List.of(ServerKind.NATIVE, ServerKind.FASTRO, ServerKind.RAW);
		List<List<ServerKind>> rounds = IntStream.range(0, 6).mapToObj(turn -> Plan.order(servers, turn)).toList();
		assertThat(rounds).allSatisfy(round -> assertThat(round).containsExactlyInAnyOrderElementsOf(servers));
		assertThat(rounds).extracting(round -> round.get(0))
			.containsExactly(ServerKind.NATIVE, ServerKind.RAW, ServerKind.FASTRO, ServerKind.NATIVE, ServerKind.RAW,
					ServerKind.FASTRO);
		Set<ServerKind> beforeFastro = rounds.stream()
			.filter(round -> round.indexOf(ServerKind.FASTRO) > 0)
			.map(round -> round.get(round.indexOf(ServerKind.FASTRO) - 1))
			.collect(Collectors.toSet());
		assertThat(beforeFastro).containsExactlyInAnyOrder(ServerKind.NATIVE, ServerKind.RAW);
	}

	@Test
	void helidonIsAPeerOnAJdk21AndAnswersTextInTheSpecsSpelling() {
		Group scenarios = Plan.of(RunnerOptions.parse(List.of("--peers"), Path.of("."))).get(0);
		assertThat(scenarios.probesOf(ServerKind.HELIDON)).hasSize(7);
		assertThat(ServerKind.HELIDON.peer()).isTrue();
		assertThat(ServerKind.HELIDON.peerModule()).isEqualTo("helidon");
		assertThat(ServerKind.HELIDON.minimumJava()).isEqualTo(21);
		assertThat(ServerKind.HELIDON.arguments(8080, 0)).containsExactly("--port=8080");
		Probe root = Scenario.ROOT.probe();
		assertThat(root.forServer(ServerKind.HELIDON)).isSameAs(root);
	}

	@Test
	void fastroRunsItsDefaultsTheCacheVariantTurnsTheCacheOnAndTheDemoJarRunsAsItShips() {
		assertThat(ServerKind.FASTRO.arguments(8080, 0)).noneMatch(arg -> arg.contains("cache"));
		assertThat(ServerKind.FASTRO_CACHE.arguments(8080, 0)).contains("--fastro.router.cache.enabled=true");
		assertThat(ServerKind.FASTRO_DEMO.arguments(8080, 0)).containsExactly("--fastro.server.port=8080");
		// The demo jar serves the scenarios only: it has none of the scaling experiments'
		// routes.
		List<Case> demoCases = Plan.of(RunnerOptions.parse(List.of("--servers", "native,fastro-demo"), Path.of(".")))
			.stream()
			.flatMap(group -> group.cases().stream())
			.filter(one -> one.servers().contains(ServerKind.FASTRO_DEMO))
			.toList();
		assertThat(demoCases).hasSize(Scenario.values().length).allMatch(one -> one.experiment() == Experiment.MAIN);
	}

	@Test
	void bothSpringMvcServersRunFromTheOneMvcModuleAndAreCheckedAgainstTomcatsSpelling() {
		Group scenarios = Plan.of(RunnerOptions.parse(List.of("--peers"), Path.of("."))).get(0);
		assertThat(scenarios.probesOf(ServerKind.MVC)).hasSize(7);
		assertThat(scenarios.probesOf(ServerKind.MVC_VIRTUAL)).hasSize(7);
		assertThat(ServerKind.MVC.peerModule()).isEqualTo("mvc");
		assertThat(ServerKind.MVC_VIRTUAL.peerModule()).isEqualTo("mvc");
		assertThat(ServerKind.MVC_VIRTUAL.minimumJava()).isEqualTo(21);
		assertThat(ServerKind.MVC_VIRTUAL.arguments(8080, 0)).contains("--spring.threads.virtual.enabled=true");
		assertThat(ServerKind.MVC.arguments(8080, 0)).containsExactly("--server.port=8080");
		assertThat(Scenario.ROOT.probe().forServer(ServerKind.MVC).expected().contentType())
			.isEqualTo("text/plain;charset=utf-8");
	}

	@Test
	void selectsServersScenariosAndExperiments() {
		RunnerOptions options = RunnerOptions.parse(
				List.of("--servers", "fastro,native", "--scenarios", "json,root", "--experiments", "main"),
				Path.of("."));
		assertThat(options.servers()).containsExactly(ServerKind.NATIVE, ServerKind.FASTRO);
		assertThat(options.scenarios()).containsExactly(Scenario.JSON_POST, Scenario.ROOT);
		List<Group> groups = Plan.of(options);
		assertThat(groups).singleElement().satisfies(group -> {
			assertThat(group.servers()).extracting(ServerSpec::kind)
				.containsExactly(ServerKind.NATIVE, ServerKind.FASTRO);
			assertThat(group.cases()).extracting(Case::label).containsExactly("JSON POST", "Root");
		});
		assertThat(RunnerOptions.parse(List.of("--experiments", "none"), Path.of(".")).experiments()).isEmpty();
	}

	@Test
	void withTwoServersEachGoesFirstEveryOtherRound() {
		List<ServerKind> servers = List.of(ServerKind.FASTRO, ServerKind.FASTRO_METRICS);
		assertThat(IntStream.range(0, 4).mapToObj(turn -> Plan.order(servers, turn).get(0))).containsExactly(
				ServerKind.FASTRO, ServerKind.FASTRO_METRICS, ServerKind.FASTRO_METRICS, ServerKind.FASTRO);
	}

	@Test
	void sideBySideIsOffUnlessAskedForAndTheReportIsTold() {
		assertThat(RunnerOptions.parse(List.of(), Path.of(".")).sideBySide()).isFalse();
		assertThat(RunnerOptions.parse(List.of(), Path.of(".")).settings().sideBySide()).isFalse();
		RunnerOptions options = RunnerOptions.parse(List.of("--side-by-side"), Path.of("."));
		assertThat(options.sideBySide()).isTrue();
		assertThat(options.settings().sideBySide()).isTrue();
	}

	@Test
	void freshJvmsAreOffUnlessAskedForAndTheReportIsTold() {
		assertThat(RunnerOptions.parse(List.of(), Path.of(".")).freshJvms()).isFalse();
		assertThat(RunnerOptions.parse(List.of(), Path.of(".")).settings().freshJvms()).isFalse();
		RunnerOptions options = RunnerOptions.parse(List.of("--fresh-jvms"), Path.of("."));
		assertThat(options.freshJvms()).isTrue();
		assertThat(options.settings().freshJvms()).isTrue();
	}

	@Test
	void pipelinedPipelinesTheScenariosButNotTheScalingExperiments() {
		assertThat(RunnerOptions.parse(List.of(), Path.of(".")).pipelined()).isFalse();
		RunnerOptions options = RunnerOptions.parse(List.of("--pipelined", "--experiments", "main,connections"),
				Path.of("."));
		assertThat(options.pipelined()).isTrue();
		assertThat(options.settings().pipeline()).isEqualTo(16);
		Group group = Plan.of(options).get(0);
		assertThat(group.cases()).filteredOn(one -> one.experiment() == Experiment.MAIN)
			.isNotEmpty()
			.allSatisfy(one -> assertThat(one.pipeline()).isEqualTo(WrkScript.PIPELINE_DEPTH));
		assertThat(group.cases()).filteredOn(one -> one.experiment() == Experiment.CONNECTIONS)
			.isNotEmpty()
			.allSatisfy(one -> assertThat(one.pipeline()).isEqualTo(1));
		// The Root request is measured both ways, so the servers are warmed up both ways.
		assertThat(group.loadsOf(ServerKind.NATIVE)).contains(new Load(Scenario.ROOT.probe(), 16),
				new Load(Scenario.ROOT.probe(), 1));
		assertThat(group.probesOf(ServerKind.NATIVE)).containsOnlyOnce(Scenario.ROOT.probe());
	}

	@Test
	void theRealisticUrlParamsScenariosAreSelectableByName() {
		RunnerOptions options = RunnerOptions
			.parse(List.of("--scenarios", "url-params,url-params-uniform,url-params-zipf"), Path.of("."));
		assertThat(options.scenarios()).containsExactly(Scenario.URL_PARAMS, Scenario.URL_PARAMS_UNIFORM,
				Scenario.URL_PARAMS_ZIPF);
		assertThat(Scenario.URL_PARAMS_ZIPF.probe().request().ids().distribution())
			.isEqualTo(RandomIds.Distribution.ZIPF);
		assertThat(Scenario.URL_PARAMS_UNIFORM.probe().request().ids().count()).isEqualTo(1_000_000);
	}

	@Test
	void badOptionsAreRefused() {
		assertThatIllegalArgumentException().isThrownBy(() -> RunnerOptions.parse(List.of("--nope"), Path.of(".")));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> RunnerOptions.parse(List.of("--rounds", "0"), Path.of(".")));
		assertThatIllegalArgumentException().isThrownBy(() -> RunnerOptions.parse(List.of("--rounds"), Path.of(".")));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> RunnerOptions.parse(List.of("--servers", "tomcat"), Path.of(".")))
			.withMessageContaining("unknown server 'tomcat'");
	}

	@Test
	void theFullPlanHasEveryExperimentAndRestartsServersPerRouteTableSize() {
		List<Group> groups = Plan.of(RunnerOptions.parse(List.of(), Path.of(".")));
		assertThat(groups).extracting(Group::name)
			.containsExactly("scenarios", "10 routes", "100 routes", "1,000 routes", "10,000 routes");
		Group scenarios = groups.get(0);
		assertThat(scenarios.cases()).extracting(one -> one.experiment().id() + ":" + one.label())
			.containsExactly("main:Root", "main:URL Params", "main:Query Params", "main:Middleware", "main:JSON POST",
					"main:URL Params (uniform ids)", "main:URL Params (Zipf ids)", "middlewares:0", "middlewares:1",
					"middlewares:5", "middlewares:10", "middlewares:25", "body:44 B", "body:1 KiB", "body:64 KiB",
					"connections:1", "connections:10", "connections:100", "connections:1,000");
		assertThat(groups.get(4).servers()).containsExactly(new ServerSpec(ServerKind.NATIVE_ROUTED, 10_000),
				new ServerSpec(ServerKind.FASTRO, 10_000), new ServerSpec(ServerKind.FASTRO_CACHE, 10_000));
		assertThat(groups.get(4).cases().get(0).probe().request().target()).isEqualTo("/r5000/user/123");
		// The body experiment's bodies have the sizes they are named after.
		assertThat(scenarios.cases().get(14).probe().request().body()).hasSize(64 * 1024);
		// Every server is verified and warmed with each distinct request it is measured
		// with.
		assertThat(scenarios.probesOf(ServerKind.FASTRO)).hasSize(7 + 5 + 2);
		assertThat(scenarios.probesOf(ServerKind.RAW)).hasSize(7 + 2);
	}

	@Test
	void quickKeepsEveryExperimentWithItsSmallestAndLargestValue() {
		List<Group> groups = Plan.of(RunnerOptions.parse(List.of("--quick"), Path.of(".")));
		assertThat(groups).extracting(Group::name).containsExactly("scenarios", "10 routes", "10,000 routes");
		assertThat(groups.get(0).cases()).extracting(Case::label)
			.containsExactly("Root", "URL Params", "Query Params", "Middleware", "JSON POST",
					"URL Params (uniform ids)", "URL Params (Zipf ids)", "0", "25", "44 B", "64 KiB", "1", "1,000");
		assertThat(groups.get(0).cases()).allSatisfy(one -> assertThat(one.rounds()).isEqualTo(1));
		assertThat(Set.copyOf(groups.get(0).servers())).hasSize(5);
	}

	@Test
	void theProtocolsRunTheFiveScenariosForNativeAndFastroOverEachProtocolHttp11First() {
		assertThat(RunnerOptions.parse(List.of(), Path.of(".")).experiments()).doesNotContain(Experiment.PROTOCOLS,
				Experiment.COMPRESSION);
		List<Group> groups = Plan.of(RunnerOptions.parse(List.of("--experiments", "protocols"), Path.of(".")));
		assertThat(groups).extracting(Group::name)
			.containsExactly("protocols over h1", "protocols over h2c", "protocols over tls", "protocols over h2");
		assertThat(groups).extracting(Group::protocol)
			.containsExactly(Protocol.H1, Protocol.H2C, Protocol.TLS, Protocol.H2);
		for (Group group : groups) {
			assertThat(group.servers()).containsExactly(new ServerSpec(ServerKind.NATIVE, 0, group.protocol(), false),
					new ServerSpec(ServerKind.FASTRO, 0, group.protocol(), false));
			// The realistic URL-params scenarios draw ids in wrk's Lua; h2load sends
			// fixed requests.
			assertThat(group.cases()).extracting(Case::label)
				.containsExactly("Root", "URL Params", "Query Params", "Middleware", "JSON POST");
			assertThat(group.cases()).allSatisfy(one -> {
				assertThat(one.experiment()).isEqualTo(Experiment.PROTOCOLS);
				assertThat(one.protocol()).isEqualTo(group.protocol());
				assertThat(one.rounds()).isEqualTo(3);
				assertThat(one.connections()).isEqualTo(100);
				assertThat(one.pipeline()).isEqualTo(1);
			});
		}
		assertThat(Plan.of(RunnerOptions.parse(List.of("--experiments", "protocols", "--servers", "fastro,webflux"),
				Path.of("."))))
			.allSatisfy(group -> assertThat(group.servers()).extracting(ServerSpec::kind)
				.containsExactly(ServerKind.FASTRO));
		assertThat(Plan
			.of(RunnerOptions.parse(List.of("--experiments", "protocols", "--servers", "webflux,raw"), Path.of("."))))
			.isEmpty();
		assertThat(Plan.of(RunnerOptions.parse(List.of("--experiments", "protocols", "--scenarios", "url-params-zipf"),
				Path.of("."))))
			.isEmpty();
	}

	@Test
	void theCompressionAsksForEachCodingOfACompressingNativeServerAndFastro() {
		List<Group> groups = Plan
			.of(RunnerOptions.parse(List.of("--experiments", "compression", "--quick"), Path.of(".")));
		assertThat(groups).singleElement().satisfies(group -> {
			assertThat(group.name()).isEqualTo("compression");
			assertThat(group.protocol()).isEqualTo(Protocol.H1);
			assertThat(group.servers()).containsExactly(new ServerSpec(ServerKind.NATIVE, 0, Protocol.H1, true),
					new ServerSpec(ServerKind.FASTRO, 0, Protocol.H1, true));
			assertThat(group.cases()).extracting(Case::label).containsExactly("identity", "gzip", "br");
			assertThat(group.cases()).extracting(one -> one.probe().request().headers().get("accept-encoding"))
				.containsExactly("identity", "gzip", "br");
			assertThat(group.cases()).extracting(one -> one.probe().expected().headers().get("content-encoding"))
				.containsExactly(null, "gzip", "br");
			assertThat(group.cases()).allSatisfy(one -> {
				assertThat(one.probe().request().target()).isEqualTo("/compress");
				assertThat(one.probe().expected().body()).hasSize(10 * 1024);
			});
		});
	}

	@Test
	void protocolsAndCodingsAskedForComeAfterCleartextHttp11AndIdentity() {
		RunnerOptions defaults = RunnerOptions.parse(List.of(), Path.of("."));
		assertThat(defaults.protocols()).containsExactly(Protocol.values());
		assertThat(defaults.codings()).containsExactly("identity", "gzip", "br");
		// TLS and gzip alone, as the side-by-side run asks for them: each beside the
		// baseline its share of native is compared with, and no HTTP/2, so no h2load.
		List<Group> groups = Plan.of(RunnerOptions.parse(List.of("--side-by-side", "--experiments",
				"protocols,compression", "--protocols", "tls", "--codings", "gzip"), Path.of(".")));
		assertThat(groups).extracting(Group::name)
			.containsExactly("protocols over h1", "protocols over tls", "compression");
		assertThat(groups).extracting(Group::protocol).containsExactly(Protocol.H1, Protocol.TLS, Protocol.H1);
		assertThat(groups.get(1).servers()).containsExactly(new ServerSpec(ServerKind.NATIVE, 0, Protocol.TLS, false),
				new ServerSpec(ServerKind.FASTRO, 0, Protocol.TLS, false));
		assertThat(groups.get(1).cases()).extracting(Case::label)
			.containsExactly("Root", "URL Params", "Query Params", "Middleware", "JSON POST");
		assertThat(groups.get(2).cases()).extracting(Case::label).containsExactly("identity", "gzip");
		assertThat(Plan
			.of(RunnerOptions.parse(List.of("--experiments", "protocols", "--protocols", "h2,h2c"), Path.of("."))))
			.extracting(Group::protocol)
			.containsExactly(Protocol.H1, Protocol.H2C, Protocol.H2);
		assertThatIllegalArgumentException()
			.isThrownBy(() -> RunnerOptions.parse(List.of("--protocols", "h3"), Path.of(".")))
			.withMessageContaining("unknown protocol 'h3'");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> RunnerOptions.parse(List.of("--codings", "zstd"), Path.of(".")))
			.withMessageContaining("unknown coding 'zstd'");
	}

	@Test
	void eachServerGetsTheTransportItsOwnWay() {
		PerfCertificate certificate = new PerfCertificate(Path.of("/tmp/perf.crt"), Path.of("/tmp/perf.key"), null);
		assertThat(TransportArguments.of(new ServerSpec(ServerKind.NATIVE, 0), certificate)).isEmpty();
		assertThat(TransportArguments.of(new ServerSpec(ServerKind.NATIVE, 0, Protocol.H2C, false), null))
			.containsExactly("--transport=h2c");
		assertThat(TransportArguments.of(new ServerSpec(ServerKind.NATIVE, 0, Protocol.H2, false), certificate))
			.containsExactly("--transport=h2", "--certificate=/tmp/perf.crt", "--private-key=/tmp/perf.key");
		assertThat(TransportArguments.of(new ServerSpec(ServerKind.NATIVE, 0, Protocol.H1, true), null))
			.containsExactly("--compress=true");
		assertThat(TransportArguments.of(new ServerSpec(ServerKind.FASTRO, 0, Protocol.H2C, false), null))
			.containsExactly("--fastro.server.http2.enabled=true");
		assertThat(TransportArguments.of(new ServerSpec(ServerKind.FASTRO, 0, Protocol.TLS, false), certificate))
			.containsExactly("--spring.ssl.bundle.pem.perf.keystore.certificate=/tmp/perf.crt",
					"--spring.ssl.bundle.pem.perf.keystore.private-key=/tmp/perf.key",
					"--fastro.server.ssl.bundle=perf");
		assertThat(TransportArguments.of(new ServerSpec(ServerKind.FASTRO, 0, Protocol.H2, false), certificate))
			.startsWith("--fastro.server.http2.enabled=true")
			.contains("--fastro.server.ssl.bundle=perf");
		assertThat(TransportArguments.of(new ServerSpec(ServerKind.FASTRO, 0, Protocol.H1, true), null))
			.containsExactly("--fastro.server.compression.enabled=true");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> TransportArguments.of(new ServerSpec(ServerKind.WEBFLUX, 0, Protocol.H2C, false), null));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> TransportArguments.of(new ServerSpec(ServerKind.NATIVE, 0, Protocol.TLS, false), null))
			.withMessageContaining("certificate");
	}

	@Test
	void theSecurityExperimentRunsFirstOnEachNamedServerAndItsSecuredTwinWithTheToken() {
		PerfJwt jwt = new PerfJwt(Path.of("/tmp/perf-jwt.pub"), "header.claims.signature");
		List<Group> groups = Plan.of(RunnerOptions
			.parse(List.of("--experiments", "security,main", "--servers", "native,webflux"), Path.of(".")), jwt);
		Group security = groups.get(0);
		assertThat(security.servers()).extracting(ServerSpec::kind)
			.containsExactly(ServerKind.WEBFLUX, ServerKind.WEBFLUX_SECURED);
		assertThat(security.cases()).singleElement().satisfies(root -> {
			assertThat(root.experiment()).isEqualTo(Experiment.SECURITY);
			assertThat(root.probe().request().target()).isEqualTo("/");
			assertThat(root.probe().request().headers())
				.containsExactly(Map.entry("authorization", "Bearer header.claims.signature"));
			assertThat(root.probe().expected()).isEqualTo(Scenario.ROOT.probe().expected());
		});
		assertThat(groups.get(1).servers()).extracting(ServerSpec::kind)
			.containsExactly(ServerKind.NATIVE, ServerKind.WEBFLUX);
		assertThat(
				Plan.of(RunnerOptions.parse(List.of("--experiments", "security"), Path.of(".")), jwt).get(0).servers())
			.extracting(ServerSpec::kind)
			.containsExactly(ServerKind.FASTRO, ServerKind.FASTRO_SECURED, ServerKind.WEBFLUX,
					ServerKind.WEBFLUX_SECURED);
	}

	@Test
	void theSecuredServersTakePartInTheSecurityExperimentOnly() {
		RunnerOptions options = RunnerOptions
			.parse(List.of("--experiments", "main,security", "--servers", "fastro-secured"), Path.of("."));
		List<Group> groups = Plan.of(options, new PerfJwt(Path.of("key.pub"), "token"));
		assertThat(groups).singleElement()
			.satisfies(security -> assertThat(security.servers()).extracting(ServerSpec::kind)
				.containsExactly(ServerKind.FASTRO_SECURED));
		assertThatIllegalArgumentException().isThrownBy(() -> Plan.of(options)).withMessageContaining("token");
	}

	@Test
	void theSecurityExperimentAloneWritesItsReportToItsOwnDirectory() {
		assertThat(RunnerOptions.parse(List.of("--experiments", "security"), Path.of("perf")).outputDirectory())
			.isEqualTo(Path.of("perf/security"));
		assertThat(RunnerOptions.parse(List.of("--experiments", "main,security"), Path.of("perf")).outputDirectory())
			.isEqualTo(Path.of("perf"));
	}

	@Test
	void aSecuredServerDecodesTokensWithTheRunsPublicKey() {
		assertThat(new PerfJwt(Path.of("/tmp/run/perf-jwt.pub"), "token").serverArguments()).containsExactly(
				"--spring.security.oauth2.resourceserver.jwt.public-key-location=file:/tmp/run/perf-jwt.pub");
		assertThat(ServerKind.FASTRO_SECURED.arguments(8080, 0)).isEqualTo(ServerKind.FASTRO.arguments(8080, 0));
		assertThat(ServerKind.WEBFLUX_SECURED.arguments(8080, 0)).isEqualTo(ServerKind.WEBFLUX.arguments(8080, 0));
		assertThat(ServerKind.FASTRO_SECURED.peerModule()).isEqualTo("secured");
		assertThat(ServerKind.WEBFLUX_SECURED.unsecured()).isEqualTo(ServerKind.WEBFLUX);
	}

	@Test
	void h2loadSendsTheBodyFromAFileWithItsContentTypeOneStreamPerConnection(@TempDir Path data) throws Exception {
		H2loadRunner h2load = new H2loadRunner(0, data);
		URI base = URI.create("https://127.0.0.1:8443");
		List<String> json = h2load.command(base, new Load(Scenario.JSON_POST.probe(), 1), 100, 10);
		assertThat(json).startsWith("taskset", "-c", "0", "h2load", "-t1", "-c100", "-m1", "-D", "10s")
			.contains("-H", "content-type: application/json")
			.endsWith("https://127.0.0.1:8443/json");
		Path body = Path.of(json.get(json.indexOf("-d") + 1));
		assertThat(body).hasBinaryContent(Scenario.JSON_POST.probe().request().body());
		assertThat(h2load.command(base, new Load(Scenario.QUERY_PARAMS.probe(), 1), 10, 1)).doesNotContain("-d")
			.endsWith("https://127.0.0.1:8443/query?name=fastro");
		assertThat(h2load.command(base, new Load(Plan.compressed("br"), 1), 10, 1)).contains("-H",
				"accept-encoding: br");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> h2load.command(base, new Load(Scenario.URL_PARAMS_ZIPF.probe(), 1), 10, 1));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> h2load.command(base, new Load(Scenario.ROOT.probe(), 16), 10, 1));
	}

}
