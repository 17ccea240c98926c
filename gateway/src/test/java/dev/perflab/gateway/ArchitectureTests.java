package dev.perflab.gateway;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The gateway's rooms: the application ({@code dev.perflab.gateway} itself) starts it;
 * {@code mode} checks and describes the combination it runs with, so it reads every
 * feature; each feature ({@code auth}, {@code blockhound}, {@code calibration},
 * {@code logging}, {@code netty}, {@code requestid}, {@code routing}) owns its properties
 * and knows neither the mode nor the application; {@code web} holds what filters share
 * and knows none of them. A package cycle, the root package's included, or an import
 * against these directions fails the build here rather than in a review.
 */
class ArchitectureTests {

    private static final String ROOT = "dev.perflab.gateway";

    private static final JavaClasses GATEWAY = new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages(ROOT);

    private static final String[] FEATURES = { ROOT + ".auth..", ROOT + ".blockhound..", ROOT + ".calibration..",
            ROOT + ".logging..", ROOT + ".netty..", ROOT + ".requestid..", ROOT + ".routing.." };

    @Test
    void theGatewaysPackagesFormNoCycleTheRootPackageIncluded() {
        slices().assignedFrom(new TopLevelPackages()).should().beFreeOfCycles().check(GATEWAY);
    }

    @Test
    void aFeatureKnowsNeitherTheModeNorTheApplication() {
        noClasses().that()
            .resideInAnyPackage(FEATURES)
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(ROOT, ROOT + ".mode..")
            .because("the mode reads the features, and the application starts them")
            .check(GATEWAY);
    }

    @Test
    void whatFiltersShareKnowsNoneOfThem() {
        noClasses().that()
            .resideInAPackage(ROOT + ".web..")
            .should()
            .dependOnClassesThat(resideInAPackage(ROOT + "..").and(not(resideInAPackage(ROOT + ".web.."))))
            .check(GATEWAY);
    }

    @Test
    void nothingButTheApplicationStartsTheMode() {
        noClasses().that()
            .resideOutsideOfPackages(ROOT, ROOT + ".mode..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage(ROOT + ".mode..")
            .check(GATEWAY);
    }

    /**
     * Each class in the slice of its package below dev.perflab.gateway, the root
     * package's classes in one of their own.
     */
    private static final class TopLevelPackages implements SliceAssignment {

        @Override
        public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
            String name = javaClass.getPackageName();
            if (name.equals(ROOT)) {
                return SliceIdentifier.of("(application)");
            }
            if (!name.startsWith(ROOT + ".")) {
                return SliceIdentifier.ignore();
            }
            String below = name.substring(ROOT.length() + 1);
            int dot = below.indexOf('.');
            return SliceIdentifier.of(dot < 0 ? below : below.substring(0, dot));
        }

        @Override
        public String getDescription() {
            return "the packages of " + ROOT + ", the root package as one";
        }

    }

}
