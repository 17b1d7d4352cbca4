// Helpers for tests that talk to a REST gateway over a socket: regionlab-rest
// started as a process of its own, and a loopback port nothing listens on.
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <QProcess>
#include <QRegularExpression>
#include <QtTest>

namespace regionlab::test {

// Starts the gateway `binary` over `dir` on an ephemeral port of 127.0.0.1;
// returns the URL it prints ("" when it did not start or print one).
inline QString StartGatewayProcess(QProcess* p, const QString& binary, const QString& dir,
                                   const QStringList& extra = {}) {
  p->setProcessChannelMode(QProcess::SeparateChannels);
  p->start(binary, QStringList{"--data", dir, "--port", "0"} + extra);
  if (!p->waitForStarted(10000)) return {};
  QString out;
  const QRegularExpression url(R"((http://127\.0\.0\.1:\d+))");
  for (int i = 0; i < 100; ++i) {
    p->waitForReadyRead(200);
    out += QString::fromUtf8(p->readAllStandardOutput());
    auto m = url.match(out);
    if (m.hasMatch()) return m.captured(1);
    if (p->state() == QProcess::NotRunning) break;
  }
  qWarning("no URL: %s %s", qPrintable(out), p->readAllStandardError().constData());
  return {};
}

// A port of 127.0.0.1 that nothing listens on: bound, then closed.
inline int UnusedLoopbackPort() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a);
  socklen_t len = sizeof a;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len);
  ::close(fd);
  return ntohs(a.sin_port);
}

}  // namespace regionlab::test
