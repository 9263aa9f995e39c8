package dev.backtestgate.junit;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.junit.jupiter.api.MediaType;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Attaches the HTML report to the test with {@code publishFile} where the running JUnit has it (5.14 and
 * later); older platforms, or a launcher without an output directory, keep the report entry with its
 * path, plus an entry saying why it was not attached.
 */
final class HtmlAttachment {
  /** Name of the attached file in the test's output directory. */
  static final String NAME = "leakage-gate-report.html";
  /** Report entry naming why the HTML report could not be attached. */
  static final String ENTRY_NOT_ATTACHED = "backtestgate.html.not-attached";

  private HtmlAttachment() {}

  static void attach(ExtensionContext context, Path html) {
    try {
      context.publishFile(NAME, MediaType.create("text", "html", StandardCharsets.UTF_8),
          target -> Files.copy(html, target, StandardCopyOption.REPLACE_EXISTING));
    } catch (NoSuchMethodError | NoClassDefFoundError oldJUnit) {
      context.publishReportEntry(ENTRY_NOT_ATTACHED, "this JUnit has no publishFile (it came in 5.14); the report "
          + "is at " + html);
    } catch (RuntimeException e) {
      context.publishReportEntry(ENTRY_NOT_ATTACHED, e.getMessage() + "; the report is at " + html);
    }
  }
}
