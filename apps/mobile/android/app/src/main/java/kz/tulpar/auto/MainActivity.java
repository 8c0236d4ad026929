package kz.tulpar.auto;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
